import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A house rule of the local stack: no function (declaration, expression, arrow, method, accessor,
 * constructor) in local-supabase/ spans more than 150 lines, counted from its first line to its
 * last, nested functions included. A longer one mixes jobs: split it where the jobs part.
 */

const MAX_LINES = 150;
const ROOT = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function nameOf(node: ts.FunctionLikeDeclaration, file: ts.SourceFile): string {
  if (node.name) return node.name.getText(file);
  const parent = node.parent;
  if (
    ts.isVariableDeclaration(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent)
  ) {
    return parent.name.getText(file);
  }
  return ts.isConstructorDeclaration(node) ? 'constructor' : '(anonymous)';
}

/** Every function of the file with its length in lines. */
function functionLengths(fileName: string, text: string): { name: string; line: number; lines: number }[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: { name: string; line: number; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name: nameOf(node, file), line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('local-supabase function lengths', () => {
  it('measures a function from its first line to its last', () => {
    const body = Array.from({ length: 3 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const lengths = functionLengths(
      'x.ts',
      `export function f() {\n${body}\n  return () => {\n    return 1;\n  };\n}\n`,
    );
    expect(lengths).toEqual([
      { name: 'f', line: 1, lines: 8 },
      { name: '(anonymous)', line: 5, lines: 3 },
    ]);
  });

  it(`has no function longer than ${MAX_LINES} lines`, () => {
    const tooLong = sourceFiles(ROOT).flatMap((file) =>
      functionLengths(file, fs.readFileSync(file, 'utf8'))
        .filter((f) => f.lines > MAX_LINES)
        .map((f) => `${path.relative(ROOT, file)}:${f.line} ${f.name} (${f.lines} lines)`),
    );
    expect(tooLong).toEqual([]);
  });
});
