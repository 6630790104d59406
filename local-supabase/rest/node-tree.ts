/**
 * A reader for Postgres' `pg_node_tree` text (what `pg_rewrite.ev_action::text` shows for a view's
 * query), enough to walk it as data: nodes `{NAME :field value ...}`, lists `( ... )`, the null
 * pointer `<>` and words, where a backslash escapes the next character (as Postgres' outToken
 * writes names that contain spaces or brackets).
 */

export type TreeValue = string | null | TreeValue[] | TreeNode;

export interface TreeNode {
  type: string;
  /** each field's values, in order (a scalar field has one, a Const's datum several) */
  fields: Map<string, TreeValue[]>;
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (/\s/.test(ch)) {
      i += 1;
    } else if ('(){}'.includes(ch)) {
      tokens.push(ch);
      i += 1;
    } else {
      let word = '';
      while (i < text.length && !/\s/.test(text[i]) && !'(){}'.includes(text[i])) {
        if (text[i] === '\\' && i + 1 < text.length) i += 1;
        word += text[i];
        i += 1;
      }
      tokens.push(word);
    }
  }
  return tokens;
}

export function parseNodeTree(text: string): TreeValue {
  const tokens = tokenize(text);
  let at = 0;
  const value = (): TreeValue => {
    const token = tokens[at++];
    if (token === '{') {
      const node: TreeNode = { type: tokens[at++] ?? '', fields: new Map() };
      let current: TreeValue[] | undefined;
      while (at < tokens.length && tokens[at] !== '}') {
        const next = tokens[at];
        if (next.startsWith(':') && next.length > 1) {
          current = [];
          node.fields.set(next.slice(1), current);
          at += 1;
        } else {
          const item = value();
          current?.push(item);
        }
      }
      at += 1;
      return node;
    }
    if (token === '(') {
      const list: TreeValue[] = [];
      while (at < tokens.length && tokens[at] !== ')') list.push(value());
      at += 1;
      return list;
    }
    return token === '<>' || token === undefined ? null : token;
  };
  return value();
}

const isNode = (v: TreeValue | undefined): v is TreeNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** One output column of a view: its position, and the table column it shows as is, if any. */
export interface ViewOutput {
  resno: number;
  /** oid of the relation the column comes from unchanged (0 when it is an expression) */
  origTable: number;
  origColumn: number;
}

/**
 * The output columns of a view's query (the first Query's target list, without junk entries such
 * as an ORDER BY on a column the view does not show), with the origin Postgres' parser recorded.
 */
export function viewOutputs(evAction: string): ViewOutput[] {
  const tree = parseNodeTree(evAction);
  const query = Array.isArray(tree) ? tree[0] : tree;
  if (!isNode(query)) return [];
  const targetList = query.fields.get('targetList')?.[0];
  if (!Array.isArray(targetList)) return [];
  const scalar = (node: TreeNode, field: string) => {
    const v = node.fields.get(field)?.[0];
    return typeof v === 'string' ? v : '';
  };
  return targetList.filter(isNode).flatMap((entry) =>
    scalar(entry, 'resjunk') === 'true'
      ? []
      : [
          {
            resno: Number(scalar(entry, 'resno')),
            origTable: Number(scalar(entry, 'resorigtbl')),
            origColumn: Number(scalar(entry, 'resorigcol')),
          },
        ],
  );
}
