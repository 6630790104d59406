import { apiError, cacheMissError } from './errors.ts';
import type { Filter, LogicTree, OrderTerm, SelectItem } from './parse.ts';
import type { QueryParams } from './query-params.ts';
import type { Relationship, SchemaCache, Table } from './schema-cache.ts';
import { ident, qualified } from './sql.ts';

/**
 * The read plan, as PostgREST's planner builds it: a tree of the root relation and its embedded
 * resources, with the filters, logic trees, order and ranges of the request placed on each node.
 * Every name is resolved against the schema cache here; query.ts only writes SQL from the tree.
 */

export type NodeLogic =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'nullEmbed'; not: boolean; child: ReadNode }
  | { kind: 'expr'; not: boolean; op: 'and' | 'or'; children: NodeLogic[] };

export interface ReadNode {
  /** the table (or view, or the function's row type) the node reads */
  table: Table | undefined;
  /** what FROM names: `"public"."t"` or `"pgrst_source"` */
  from: string;
  /** alias in FROM, if any */
  fromAlias?: string;
  /** how columns are qualified */
  qualifier: string;
  fields: SelectItem[];
  children: ReadNode[];
  where: NodeLogic[];
  order: OrderTerm[];
  limit?: number;
  offset: number;
  // embedding
  relName: string;
  relAlias?: string;
  joinType?: 'inner' | 'left';
  /** `...rel(cols)`: the columns of a to-one embed are lifted into the parent */
  spread?: boolean;
  rel?: Relationship;
  aggAlias: string;
  depth: number;
}

export const isToOne = (rel: Relationship | undefined) =>
  rel !== undefined && (rel.cardinality === 'm2o' || rel.cardinality === 'o2o');

const err = apiError;

/** Finds the relationship for `origin?select=target!hint(...)`, as PostgREST's findRel. */
export function findRel(
  cache: SchemaCache,
  schema: string,
  origin: string,
  target: string,
  hint: string | undefined,
): Relationship {
  const all = cache.relationships.get(`${schema}.${origin}`) ?? [];
  const single = (r: Relationship, which: 0 | 1, value: string) =>
    r.columns.length === 1 && r.columns[0][which] === value;
  const computed = all.filter((r) => r.computed && hint === undefined && r.constraint === target);
  if (computed.length === 1) return computed[0];
  const matches = all.filter((r) => {
    if (r.computed) return false;
    if (r.junction) {
      // `target!junction` or `target!constraint` picks one path; a self join needs no more.
      if (target !== r.foreignTable || r.isSelf) return false;
      return hint === undefined || hint === r.junction.name || r.junction.constraints.includes(hint);
    }
    if (r.isSelf) {
      if (hint === undefined) {
        return (
          (target === r.foreignTable && r.cardinality === 'o2m') ||
          (single(r, 0, target) && r.cardinality === 'm2o')
        );
      }
      return target === r.foreignTable && r.cardinality === 'o2m' && single(r, 1, hint);
    }
    if (hint === undefined) {
      return (
        target === r.foreignTable ||
        (target === r.constraint && !r.foreignIsView) ||
        (single(r, 0, target) && !r.foreignIsView)
      );
    }
    return target === r.foreignTable && (hint === r.constraint || single(r, 0, hint) || single(r, 1, hint));
  });
  if (matches.length === 1) return matches[0];
  if (matches.length === 0) {
    throw cacheMissError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin}' and '${target}'${
        hint === undefined ? '' : ` using the hint '${hint}'`
      } in the schema '${schema}', but no matches were found.`,
      null,
    );
  }
  const cardinalityName = {
    m2o: 'many-to-one',
    o2m: 'one-to-many',
    o2o: 'one-to-one',
    m2m: 'many-to-many',
  } as const;
  const details = matches.map((r) => ({
    cardinality: cardinalityName[r.cardinality],
    embedding: `${r.table} with ${r.foreignTable}`,
    relationship: r.junction
      ? `${r.junction.name} using ${r.junction.constraints[0]}(${r.columns.map((c) => c[1]).join(', ')}) and ${r.junction.constraints[1]}(${r.junction.columns.map((c) => c[0]).join(', ')})`
      : `${r.constraint} using ${r.table}(${r.columns.map((c) => c[0]).join(', ')}) and ${r.foreignTable}(${r.columns.map((c) => c[1]).join(', ')})`,
  }));
  throw apiError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    details,
    `Try changing '${target}' to one of the following: ${matches
      .map((r) => `'${r.foreignTable}!${r.junction ? r.junction.name : r.constraint}'`)
      .join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

/** Builds the read tree for `select=` under a root. */
export function buildReadTree(
  cache: SchemaCache,
  schema: string,
  root: { table: Table | undefined; name: string; from: string; fromAlias?: string; qualifier: string },
  items: SelectItem[],
): ReadNode {
  const node: ReadNode = {
    table: root.table,
    from: root.from,
    fromAlias: root.fromAlias,
    qualifier: root.qualifier,
    fields: [],
    children: [],
    where: [],
    order: [],
    offset: 0,
    relName: root.name,
    aggAlias: '',
    depth: 0,
  };
  addItems(cache, schema, node, root.name, items);
  return node;
}

function addItems(
  cache: SchemaCache,
  schema: string,
  node: ReadNode,
  originName: string,
  items: SelectItem[],
) {
  for (const item of items) {
    if (item.kind !== 'embed') {
      if (item.kind === 'field' && item.aggregate && !cache.config.aggregatesEnabled) {
        throw err(400, 'PGRST123', 'Use of aggregate functions is not allowed');
      }
      node.fields.push(item);
      continue;
    }
    const rel = findRel(cache, schema, originName, item.name, item.hint);
    if (item.spread && !isToOne(rel) && !spreadNames(item.children)) {
      throw err(
        400,
        'PGRST127',
        'Feature not implemented',
        'Spreading a one-to-many or many-to-many relationship needs its columns named (no *) in the local stack',
      );
    }
    const depth = node.depth + 1;
    const table = cache.tables.get(`${schema}.${rel.foreignTable}`);
    const alias = `${rel.foreignTable}_${depth}`;
    // A computed relationship calls its function with the parent's row.
    const from = rel.computed
      ? `${qualified(rel.computed.schema, rel.computed.name)}(ROW(${node.qualifier}.*)::${rel.computed.paramType})`
      : qualified(schema, rel.foreignTable);
    const child: ReadNode = {
      table,
      from,
      fromAlias: alias,
      qualifier: ident(alias),
      fields: [],
      children: [],
      where: [],
      order: [],
      offset: 0,
      relName: item.name,
      relAlias: item.alias,
      joinType: item.joinType,
      spread: item.spread,
      rel,
      aggAlias: `${rel.table}_${item.alias ?? item.name}_${depth}`,
      depth,
    };
    addItems(cache, schema, child, rel.foreignTable, item.children);
    node.children.push(child);
  }
}

/** A to-many spread needs named columns: each becomes an array of the related rows' values. */
function spreadNames(items: SelectItem[]): boolean {
  return items.every(
    (i) => (i.kind === 'field' && (i.field.name !== '*' || i.aggregate)) || i.kind === 'embed',
  );
}

/** The keys a node's rows have, when its select names them all (no `*`). */
export function outputNames(node: ReadNode): string[] | undefined {
  const names: string[] = [];
  const columns = node.table ? [...node.table.columns.keys()] : undefined;
  for (const item of node.fields) {
    const star =
      item.kind === 'star' || (item.kind === 'field' && item.field.name === '*' && !item.aggregate);
    if (star) {
      if (!columns) return undefined;
      names.push(...columns);
    } else if (item.kind !== 'field') return undefined;
    else if (item.aggregate) names.push(item.alias ?? item.aggregate);
    else names.push(item.alias ?? fieldOutputName(item.field));
  }
  for (const child of node.children) {
    if (child.spread) {
      const inner = outputNames(child);
      if (!inner) return undefined;
      names.push(...inner);
    } else names.push(child.relAlias ?? child.relName);
  }
  return names;
}

/** The key of a selected column: its name, or the last key of its JSON path. */
export function fieldOutputName(f: { name: string; jsonPath: { key: string; isIndex: boolean }[] }): string {
  if (f.jsonPath.length === 0) return f.name;
  const last = f.jsonPath[f.jsonPath.length - 1];
  if (!last.isIndex) return last.key;
  const lastKey = [...f.jsonPath].reverse().find((op) => !op.isIndex);
  return lastKey?.key ?? f.name;
}

/** The node an embed path (`a.b`) names, or PGRST108. */
export function nodeAt(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const name of path) {
    const next = node.children.find((c) => c.relName === name || c.relAlias === name);
    if (!next) {
      throw err(
        400,
        'PGRST108',
        `'${name}' is not an embedded resource in this request`,
        null,
        `Verify that '${name}' is included in the 'select' query parameter.`,
      );
    }
    node = next;
  }
  return node;
}

export function toNodeLogic(node: ReadNode, tree: LogicTree): NodeLogic {
  if (tree.kind === 'stmt') return filterLogic(node, tree.filter);
  return {
    kind: 'expr',
    not: tree.not,
    op: tree.op,
    children: tree.children.map((t) => toNodeLogic(node, t)),
  };
}

/** `embed=is.null` / `embed=not.is.null` on an embedded resource filters the parent rows. */
export function filterLogic(node: ReadNode, filter: Filter): NodeLogic {
  const op = filter.expr.operation;
  if (filter.field.jsonPath.length === 0 && op.kind === 'is' && op.value === 'NULL') {
    const child = node.children.find((c) => (c.relAlias ?? c.relName) === filter.field.name);
    if (child) return { kind: 'nullEmbed', not: filter.expr.not, child };
  }
  return { kind: 'filter', filter };
}

/** Places the request's filters, logic trees, orders and embedded ranges on the tree. */
export function applyQueryParams(
  root: ReadNode,
  params: QueryParams,
  opts: { rootFilters: boolean; ranges: boolean },
) {
  for (const { path, filter } of params.filters) {
    if (path.length === 0 && !opts.rootFilters) continue;
    const node = nodeAt(root, path);
    node.where.push(filterLogic(node, filter));
  }
  for (const { path, tree } of params.logic) {
    if (path.length === 0 && !opts.rootFilters) continue;
    const node = nodeAt(root, path);
    node.where.push(toNodeLogic(node, tree));
  }
  for (const { path, terms } of params.orders) {
    const node = nodeAt(root, path);
    checkOrder(node, terms);
    node.order = terms;
  }
  if (opts.ranges) {
    for (const [path, { limit, offset }] of params.limits) {
      if (path === '') continue;
      const node = nodeAt(root, path.split('.'));
      if (limit !== undefined) node.limit = Math.max(0, limit);
      if (offset !== undefined) node.offset = Math.max(0, offset);
    }
  }
}

/** A related order (`order=rel(col)`) needs that embed, and a to-one relationship. */
function checkOrder(node: ReadNode, terms: OrderTerm[]) {
  for (const t of terms) {
    if (t.relation === undefined) continue;
    const child = node.children.find((c) => (c.relAlias ?? c.relName) === t.relation);
    if (!child) {
      throw apiError(
        400,
        'PGRST108',
        `'${t.relation}' is not an embedded resource in this request`,
        null,
        `Verify that '${t.relation}' is included in the 'select' query parameter.`,
      );
    }
    if (!isToOne(child.rel)) {
      throw apiError(
        400,
        'PGRST118',
        `A related order on '${t.relation}' is not possible`,
        `'${node.relName}' and '${t.relation}' do not form a many-to-one or one-to-one relationship`,
      );
    }
  }
}

/** The rows a mutation targets: root filters and root logic trees. */
export function rootConditions(root: ReadNode, params: QueryParams): NodeLogic[] {
  const out: NodeLogic[] = [];
  for (const { path, filter } of params.filters) if (path.length === 0) out.push({ kind: 'filter', filter });
  for (const { path, tree } of params.logic) if (path.length === 0) out.push(toNodeLogic(root, tree));
  return out;
}

export function returningColumns(node: ReadNode, pk: string[]): string[] | '*' {
  const names = new Set<string>();
  const noFields = node.fields.length === 0 && node.children.length === 0;
  for (const item of node.fields) {
    if (item.kind === 'star') return '*';
    if (item.kind === 'field') {
      if (item.field.name === '*') return '*';
      names.add(item.field.name);
    }
  }
  if (noFields) return '*';
  // A computed relationship takes the whole row.
  if (node.children.some((c) => c.rel?.computed)) return '*';
  for (const child of node.children) for (const [col] of child.rel?.columns ?? []) names.add(col);
  for (const col of pk) names.add(col);
  return [...names];
}
