import {
  QUANT_SQL,
  SIMPLE_SQL,
  type Field,
  type Filter,
  type LogicTree,
  type OrderTerm,
  type SelectItem,
} from './parse.ts';
import type { Relationship, SchemaCache, Table } from './schema-cache.ts';

/**
 * Turns parsed requests into SQL the way PostgREST's planner and query builder do: a read tree of
 * the root table and its embedded resources (LATERAL joins aggregated with json_agg/row_to_json),
 * filters, order and ranges per node; every identifier quoted, every value a bind parameter.
 */

export class PlanError extends Error {
  constructor(
    public status: number,
    public body: { code: string; message: string; details: string | null; hint: string | null },
    /** true when a fresher schema cache might make the request succeed */
    public cacheMiss = false,
  ) {
    super(body.message);
  }
}

export class Params {
  values: string[] = [];
  bind(value: string): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function ident(name: string): string {
  const cut = name.indexOf('\0');
  const clean = cut >= 0 ? name.slice(0, cut) : name;
  return `"${clean.replace(/"/g, '""')}"`;
}

export const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

export interface ResolvedFilter {
  field: Field;
  filter: Filter;
}

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

function err(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
) {
  return new PlanError(status, { code, message, details, hint });
}

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
  const matches = all.filter((r) => {
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
    throw new PlanError(
      400,
      {
        code: 'PGRST200',
        message: `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
        details: `Searched for a foreign key relationship between '${origin}' and '${target}'${
          hint === undefined ? '' : ` using the hint '${hint}'`
        } in the schema '${schema}', but no matches were found.`,
        hint: null,
      },
      true,
    );
  }
  const cardinalityName = { m2o: 'many-to-one', o2m: 'one-to-many', o2o: 'one-to-one' } as const;
  const details = matches.map((r) => ({
    cardinality: cardinalityName[r.cardinality],
    embedding: `${r.table} with ${r.foreignTable}`,
    relationship: `${r.constraint} using ${r.table}(${r.columns.map((c) => c[0]).join(', ')}) and ${r.foreignTable}(${r.columns.map((c) => c[1]).join(', ')})`,
  }));
  throw new PlanError(300, {
    code: 'PGRST201',
    message: `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    details: JSON.stringify(details),
    hint: `Try changing '${target}' to one of the following: ${matches
      .map((r) => `'${r.foreignTable}!${r.constraint}'`)
      .join(', ')}. Find the desired relationship in the 'details' key.`,
  });
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
      if (item.kind === 'field' && item.aggregate) {
        throw err(400, 'PGRST123', 'Use of aggregate functions is not allowed');
      }
      node.fields.push(item);
      continue;
    }
    const rel = findRel(cache, schema, originName, item.name, item.hint);
    if (item.spread && !isToOne(rel)) {
      throw err(
        400,
        'PGRST127',
        'Feature not implemented',
        'Spreading a one-to-many or many-to-many relationship is not supported by the local stack',
      );
    }
    const depth = node.depth + 1;
    const table = cache.tables.get(`${schema}.${rel.foreignTable}`);
    const alias = `${rel.foreignTable}_${depth}`;
    const child: ReadNode = {
      table,
      from: qualified(schema, rel.foreignTable),
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

// ---------------------------------------------------------------------------------------------
// SQL

function columnBaseType(node: ReadNode, name: string): string | undefined {
  return node.table?.columns.get(name)?.baseType;
}

export function fieldSql(node: ReadNode, f: Field, p: Params): string {
  const column = f.name === '*' ? `${node.qualifier}.*` : `${node.qualifier}.${ident(f.name)}`;
  if (f.jsonPath.length === 0) return column;
  const base = columnBaseType(node, f.name);
  const target = base === 'json' || base === 'jsonb' ? column : `to_jsonb(${column})`;
  return (
    target +
    f.jsonPath.map((op) => `${op.arrow}${op.isIndex ? `${p.bind(op.key)}::int` : p.bind(op.key)}`).join('')
  );
}

function outputName(f: Field): string {
  if (f.jsonPath.length === 0) return f.name;
  const last = f.jsonPath[f.jsonPath.length - 1];
  if (!last.isIndex) return last.key;
  const lastKey = [...f.jsonPath].reverse().find((op) => !op.isIndex);
  return lastKey?.key ?? f.name;
}

// Casts are written into the SQL (a type cannot be a parameter); the parser only lets letters,
// digits, spaces, `_` and `$` through, which cannot leave the type position. Checked again here.
const SAFE_CAST = /^[\p{L}\p{N}_ $]+$/u;

function selectItemSql(node: ReadNode, item: SelectItem, p: Params): string {
  if (item.kind === 'star') return `${node.qualifier}.*`;
  if (item.kind !== 'field') return '';
  if (item.field.name === '*' && item.field.jsonPath.length === 0) return `${node.qualifier}.*`;
  let sql = fieldSql(node, item.field, p);
  if (item.cast) {
    if (!SAFE_CAST.test(item.cast)) throw err(400, 'PGRST100', `invalid cast (${item.cast})`);
    sql = `CAST( ${sql} AS ${item.cast} )`;
  }
  return `${sql} AS ${ident(item.alias ?? outputName(item.field))}`;
}

function arrayLiteral(values: string[]): string {
  const escaped = values.map((v) => {
    const cut = v.indexOf('\0');
    const clean = cut >= 0 ? v.slice(0, cut) : v;
    return `"${clean.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${escaped.join(',')}}`;
}

export function filterSql(node: ReadNode, filter: Filter, p: Params): string {
  const { operation } = filter.expr;
  const not = filter.expr.not ? 'NOT ' : '';
  let f = fieldSql(node, filter.field, p);
  switch (operation.kind) {
    case 'simple':
      return `${not}${f} ${SIMPLE_SQL.get(operation.op)} ${p.bind(operation.value)}`;
    case 'quant': {
      const like = operation.op === 'like' || operation.op === 'ilike';
      const value = like ? operation.value.replace(/\*/g, '%') : operation.value;
      const bound = p.bind(value);
      const rhs =
        operation.quant === 'any' ? `ANY(${bound})` : operation.quant === 'all' ? `ALL(${bound})` : bound;
      return `${not}${f} ${QUANT_SQL.get(operation.op)} ${rhs}`;
    }
    case 'in':
      if (operation.values.length === 1 && operation.values[0] === '') return `${not}${f} = ANY('{}')`;
      return `${not}${f} = ANY (${p.bind(arrayLiteral(operation.values))})`;
    case 'is':
      return `${not}${f} IS ${operation.value}`;
    case 'isdistinct':
      return `${not}${f} IS DISTINCT FROM ${p.bind(operation.value)}`;
    case 'fts': {
      const base = columnBaseType(node, filter.field.name);
      const lang = operation.lang === undefined ? '' : `${p.bind(operation.lang)}, `;
      if (base !== 'tsvector') f = `to_tsvector(${lang}${f})`;
      return `${not}${f} @@ ${operation.fn}(${lang}${p.bind(operation.value)})`;
    }
  }
}

function logicSql(node: ReadNode, logic: NodeLogic, p: Params, forCount: boolean): string {
  switch (logic.kind) {
    case 'filter':
      return filterSql(node, logic.filter, p);
    case 'nullEmbed':
      if (forCount) {
        return `${logic.not ? '' : 'NOT '}EXISTS (${countQuery(logic.child, p)})`;
      }
      return `${ident(logic.child.aggAlias)} IS ${logic.not ? '' : 'NOT '}DISTINCT FROM NULL`;
    case 'expr':
      return `${logic.not ? 'NOT ' : ''}(${logic.children
        .map((c) => logicSql(node, c, p, forCount))
        .join(logic.op === 'and' ? ' AND ' : ' OR ')})`;
  }
}

/** A mutation's WHERE conditions (root filters and logic trees), ANDed. */
export function conditionsSql(node: ReadNode, logic: NodeLogic[], p: Params): string {
  return logic.map((l) => logicSql(node, l, p, false)).join(' AND ');
}

function joinConditions(child: ReadNode, parent: ReadNode): string[] {
  if (!child.rel) return [];
  return child.rel.columns.map(
    ([col, fcol]) => `${child.qualifier}.${ident(fcol)} = ${parent.qualifier}.${ident(col)}`,
  );
}

function orderSql(node: ReadNode, p: Params): string {
  if (node.order.length === 0) return '';
  const terms = node.order.map((t) => {
    let target: string;
    if (t.relation !== undefined) {
      const child = node.children.find((c) => (c.relAlias ?? c.relName) === t.relation);
      if (!child) {
        throw err(
          400,
          'PGRST108',
          `'${t.relation}' is not an embedded resource in this request`,
          null,
          `Verify that '${t.relation}' is included in the 'select' query parameter.`,
        );
      }
      if (!isToOne(child.rel)) {
        throw err(
          400,
          'PGRST118',
          `A related order on '${t.relation}' is not possible`,
          `'${node.relName}' and '${t.relation}' do not form a many-to-one or one-to-one relationship`,
        );
      }
      const fake: ReadNode = { ...child, qualifier: ident(child.aggAlias) };
      target = fieldSql(fake, t.field, p);
    } else {
      target = fieldSql(node, t.field, p);
    }
    const dir = t.direction === 'asc' ? ' ASC' : t.direction === 'desc' ? ' DESC' : '';
    const nulls = t.nulls === 'first' ? ' NULLS FIRST' : t.nulls === 'last' ? ' NULLS LAST' : '';
    return `${target}${dir}${nulls}`;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

function limitSql(node: ReadNode, p: Params): string {
  if (node.limit === undefined && node.offset === 0) return '';
  const limit = node.limit === undefined ? 'ALL' : p.bind(String(node.limit));
  return ` LIMIT ${limit} OFFSET ${p.bind(String(node.offset))}`;
}

const fromSql = (node: ReadNode) =>
  ` FROM ${node.from}${node.fromAlias !== undefined ? ` AS ${ident(node.fromAlias)}` : ''}`;

function hasOutput(child: ReadNode): boolean {
  return child.fields.length > 0 || child.children.some(hasOutput);
}

/** The SELECT of a node and its embedded children (PostgREST's readPlanToQuery). */
export function readQuery(node: ReadNode, p: Params, parent?: ReadNode): string {
  const selects: string[] = [];
  const noFields = node.fields.length === 0 && node.children.length === 0;
  for (const item of noFields ? ([{ kind: 'star' }] as SelectItem[]) : node.fields) {
    selects.push(selectItemSql(node, item, p));
  }
  const joins: string[] = [];
  for (const child of node.children) {
    const agg = ident(child.aggAlias);
    const name = ident(child.relAlias ?? child.relName);
    const sub = readQuery(child, p, node);
    const joinType = child.joinType === 'inner' ? 'INNER' : 'LEFT';
    if (isToOne(child.rel)) {
      if (hasOutput(child)) {
        selects.push(child.spread ? `${agg}.*` : `row_to_json(${agg}.*)::jsonb AS ${name}`);
      }
      joins.push(` ${joinType} JOIN LATERAL ( ${sub} ) AS ${agg} ON TRUE`);
    } else {
      if (hasOutput(child)) selects.push(`COALESCE( ${agg}.${agg}, '[]') AS ${name}`);
      const cond = child.joinType === 'inner' ? `${agg} IS NOT NULL` : 'TRUE';
      joins.push(
        ` ${joinType} JOIN LATERAL ( SELECT json_agg(${agg})::jsonb AS ${agg} FROM (${sub} ) AS ${agg} ) AS ${agg} ON ${cond}`,
      );
    }
  }
  const conditions = [
    ...node.where.map((w) => logicSql(node, w, p, false)),
    ...(parent ? joinConditions(node, parent) : []),
  ];
  return (
    `SELECT ${selects.join(', ')}${fromSql(node)}${joins.join('')}` +
    (conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '') +
    orderSql(node, p) +
    limitSql(node, p)
  );
}

/** Counts the root rows that match, without limit/offset (PostgREST's readPlanToCountQuery). */
export function countQuery(node: ReadNode, p: Params, parent?: ReadNode): string {
  const conditions = [
    ...node.where.map((w) => logicSql(node, w, p, true)),
    ...(parent ? joinConditions(node, parent) : []),
    ...node.children.filter((c) => c.joinType === 'inner').map((c) => `EXISTS (${countQuery(c, p, node)} )`),
  ];
  return `SELECT 1${fromSql(node)}${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''}`;
}

/** Columns a mutation must return so the read part (select and embeds) can be built. */
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
  for (const child of node.children) for (const [col] of child.rel?.columns ?? []) names.add(col);
  for (const col of pk) names.add(col);
  return [...names];
}
