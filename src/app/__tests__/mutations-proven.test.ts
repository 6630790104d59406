import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { notYetProvenByE2e, provenByE2e } from '../../../tests/e2e/support/mutations';

/**
 * Every mutation hook of a feature's api folder is named in tests/e2e/support/mutations.ts: proven
 * by an e2e test that makes it on its screen and reloads, or listed as not yet proven. A new hook
 * that is in neither list fails here, and so does a named test that is gone or never reloads.
 */

const apiFiles = import.meta.glob<string>('/src/features/*/api/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const specFiles = import.meta.glob<string>('/tests/e2e/*.spec.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const parse = (path: string, text: string) => ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);

function calls(node: ts.Node, name: (callee: string) => boolean): boolean {
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && name(node.expression.text)) {
    return true;
  }
  return ts.forEachChild(node, (child) => calls(child, name) || undefined) ?? false;
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/**
 * The exported `use…` functions of a file that call useMutation, directly or through a function of
 * the same file (as save-follow-up.ts's hooks share one helper).
 */
function mutationHooks(path: string, text: string): string[] {
  const declarations = new Map<string, { node: ts.Node; exported: boolean }>();
  for (const statement of parse(path, text).statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      declarations.set(statement.name.text, { node: statement, exported: isExported(statement) });
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer) {
          declarations.set(declaration.name.text, {
            node: declaration.initializer,
            exported: isExported(statement),
          });
        }
      }
    }
  }
  const mutating = new Set(['useMutation']);
  for (let grown = true; grown;) {
    grown = false;
    for (const [name, { node }] of declarations) {
      if (!mutating.has(name) && calls(node, (callee) => mutating.has(callee))) {
        mutating.add(name);
        grown = true;
      }
    }
  }
  return [...declarations]
    .filter(([name, { exported }]) => exported && name.startsWith('use') && mutating.has(name))
    .map(([name]) => name);
}

/** The bodies of the `test('…', …)` calls of a spec whose title contains `title`. */
function testBodies(path: string, text: string, title: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'test' &&
      node.arguments.length >= 2
    ) {
      const [name, body] = node.arguments;
      if (ts.isStringLiteralLike(name) ? name.text.includes(title) : name.getText().includes(title)) {
        found.push(body.getText());
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(path, text));
  return found;
}

const hooks = Object.entries(apiFiles).flatMap(([path, text]) => {
  const [, feature, file] = /^\/src\/features\/([^/]+)\/api\/([^/]+)\.ts$/.exec(path)!;
  return mutationHooks(path, text).map((hook) => `${feature}/${file}#${hook}`);
});

describe('mutations proven by e2e (tests/e2e/support/mutations.ts)', () => {
  it('finds the mutation hooks of the api folders, helpers included', () => {
    expect(hooks).toContain('pipeline/update-lead#useUpdateLead');
    expect(hooks).toContain('sessions/save-follow-up#useShareParentUpdate');
    expect(hooks).not.toContain('pipeline/get-leads#useLeads');
    expect(
      mutationHooks(
        'x.ts',
        `const helper = (fn) => useMutation({ mutationFn: fn });
         export const useSave = () => helper(save);
         export function useRead() { return useQuery({}); }
         function useInner() { return useMutation({}); }`,
      ),
    ).toEqual(['useSave']);
  });

  it('names every mutation hook once: proven by an e2e test, or not yet', () => {
    const named = [...Object.keys(provenByE2e), ...Object.keys(notYetProvenByE2e)];
    const unnamed = hooks.filter((hook) => !named.includes(hook));
    expect(
      unnamed,
      'a mutation hook needs an e2e test that makes it on its screen, reloads and sees it kept, named in provenByE2e',
    ).toEqual([]);
    expect(
      named.filter((name) => !hooks.includes(name)),
      'names of hooks that no longer exist',
    ).toEqual([]);
    expect(Object.keys(provenByE2e).filter((name) => name in notYetProvenByE2e)).toEqual([]);
  });

  it.each(Object.entries(provenByE2e))(
    '%s: its test exists and reloads the page',
    (_hook, { spec, test }) => {
      const path = `/tests/e2e/${spec}`;
      const text = specFiles[path];
      expect(text, `${spec} not found`).toBeDefined();
      const bodies = testBodies(path, text!, test);
      expect(bodies, `no test titled "…${test}…" in ${spec}`).toHaveLength(1);
      expect(bodies[0]).toMatch(/\.reload\(/);
    },
  );
});
