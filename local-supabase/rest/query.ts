import { QUANT_SQL, SIMPLE_SQL, type Field, type Filter, type SelectItem } from './parse.ts';
import { fieldOutputName, isToOne, outputNames, type NodeLogic, type ReadNode } from './read-plan.ts';
import type { Payload } from './api-request.ts';
import { apiError } from './errors.ts';
import type { CallPlan, MutatePlan, Plan, ReadPlan } from './plan.ts';
import type { Accepted } from './preferences.ts';
import type { RoutineParam } from './schema-cache.ts';
import { Params, ident, literal, qualified } from './sql.ts';

/**
 * SQL from a read tree, as PostgREST's query builder writes it: the root relation and its embedded
 * resources as LATERAL joins aggregated with json_agg/row_to_json, filters, order and ranges per
 * node. Every identifier is quoted and every value a bind parameter.
 */

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

const outputName = (f: Field): string => fieldOutputName(f);

// Casts are written into the SQL (a type cannot be a parameter); the parser only lets letters,
// digits, spaces and `_` through, which cannot leave the type position. Checked again here.
const SAFE_CAST = /^[\p{L}\p{N}_ ]+$/u;

function castSql(sql: string, cast: string | undefined): string {
  if (!cast) return sql;
  if (!SAFE_CAST.test(cast)) throw apiError(400, 'PGRST100', 'Invalid type name in a cast');
  return `CAST( ${sql} AS ${cast} )`;
}

const isAggregate = (item: SelectItem) => item.kind === 'field' && item.aggregate !== undefined;

function selectItemSql(node: ReadNode, item: SelectItem, p: Params): string {
  if (item.kind === 'star') return `${node.qualifier}.*`;
  if (item.kind !== 'field') return '';
  if (item.aggregate) {
    // `count()` counts rows; `col.fn()` aggregates the (cast) column; both named after the function.
    const star = item.field.name === '*' && item.field.jsonPath.length === 0;
    const arg = star ? '*' : castSql(fieldSql(node, item.field, p), item.cast);
    const sql = castSql(`${item.aggregate}(${arg})`, item.aggregateCast);
    return `${sql} AS ${ident(item.alias ?? item.aggregate)}`;
  }
  if (item.field.name === '*' && item.field.jsonPath.length === 0) return `${node.qualifier}.*`;
  const sql = castSql(fieldSql(node, item.field, p), item.cast);
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
  // Many-to-many: the junction's rows that point at the parent.
  const near = child.rel.junction ? junctionAlias(child) : child.qualifier;
  return child.rel.columns.map(([col, fcol]) => `${near}.${ident(fcol)} = ${parent.qualifier}.${ident(col)}`);
}

const junctionAlias = (child: ReadNode) => ident(`${child.fromAlias ?? child.relName}_junction`);

/** Many-to-many: the junction table joined to the child's rows. */
function junctionSql(child: ReadNode): string {
  const junction = child.rel?.junction;
  if (!junction) return '';
  const alias = junctionAlias(child);
  const on = junction.columns
    .map(([jcol, fcol]) => `${alias}.${ident(jcol)} = ${child.qualifier}.${ident(fcol)}`)
    .join(' AND ');
  return ` INNER JOIN ${qualified(junction.schema, junction.name)} AS ${alias} ON ${on}`;
}

function orderSql(node: ReadNode, p: Params): string {
  if (node.order.length === 0) return '';
  const terms = node.order.map((t) => {
    let target: string;
    // A related order was checked by the planner: its embed exists and is to-one.
    const child =
      t.relation === undefined
        ? undefined
        : node.children.find((c) => (c.relAlias ?? c.relName) === t.relation);
    if (child) {
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
  ` FROM ${node.from}${node.fromAlias !== undefined ? ` AS ${ident(node.fromAlias)}` : ''}${junctionSql(node)}`;

function hasOutput(child: ReadNode): boolean {
  return child.fields.length > 0 || child.children.some(hasOutput);
}

/** The SELECT of a node and its embedded children (PostgREST's readPlanToQuery). */
export function readQuery(node: ReadNode, p: Params, parent?: ReadNode): string {
  const selects: string[] = [];
  // With an aggregate, every other selected item groups the rows (by position or expression).
  const groupBy: (number | string)[] = [];
  const aggregated = node.fields.some(isAggregate);
  const noFields = node.fields.length === 0 && node.children.length === 0;
  for (const item of noFields ? ([{ kind: 'star' }] as SelectItem[]) : node.fields) {
    selects.push(selectItemSql(node, item, p));
    if (!isAggregate(item)) groupBy.push(selects.length);
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
        if (!child.spread) groupBy.push(selects.length);
        else groupBy.push(...(outputNames(child) ?? []).map((n) => `${agg}.${ident(n)}`));
      }
      joins.push(` ${joinType} JOIN LATERAL ( ${sub} ) AS ${agg} ON TRUE`);
    } else if (child.spread) {
      // `...rel(a, b)` on to-many: each column becomes the array of the related rows' values.
      const names = outputNames(child) ?? [];
      const arrays = names.map((n) => `COALESCE(json_agg(${agg}.${ident(n)}), '[]') AS ${ident(n)}`);
      if (names.length) {
        selects.push(`${agg}.*`);
        groupBy.push(...names.map((n) => `${agg}.${ident(n)}`));
      }
      joins.push(
        ` ${joinType} JOIN LATERAL ( SELECT ${arrays.join(', ') || 'NULL'} FROM (${sub} ) AS ${agg} ) AS ${agg} ON TRUE`,
      );
    } else {
      if (hasOutput(child)) {
        selects.push(`COALESCE( ${agg}.${agg}, '[]') AS ${name}`);
        groupBy.push(selects.length);
      }
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
    (aggregated && groupBy.length ? ` GROUP BY ${groupBy.join(', ')}` : '') +
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
// ---------------------------------------------------------------------------------------------
// Statements: one per request, returning one row (total, page size, body), as PostgREST's do.

export interface Statement {
  text: string;
  values: string[];
  readOnly: boolean;
  /** the answer must be exactly one row (`Accept: application/vnd.pgrst.object+json`) */
  singular: boolean;
  /** end the transaction with ROLLBACK (`Prefer: tx=rollback` or db-tx-end) */
  rollback?: boolean;
  /** fail with PGRST124 (and roll back) when more rows than this were affected */
  maxAffected?: number;
  /** `count=planned|estimated`: the planner's row estimate, run after the statement */
  explainCount?: { text: string; values: string[]; kind: 'planned' | 'estimated'; maxRows?: number };
  /** the statement is an EXPLAIN whose output is the answer's body */
  explainPlan?: 'json' | 'text';
}

/** The transaction controls every statement carries from its plan. */
function txFields(plan: Plan): Pick<Statement, 'rollback' | 'maxAffected'> {
  return { rollback: plan.rollback, maxAffected: plan.maxAffected };
}

/** The planner's estimate of the rows a count query would count (PostgREST's postExplain). */
function explainCount(plan: ReadPlan): Statement['explainCount'] {
  if (plan.countKind !== 'planned' && plan.countKind !== 'estimated') return undefined;
  const p = new Params();
  const text = `EXPLAIN (FORMAT JSON) ${countQuery(plan.root, p)}`;
  return { text, values: p.values, kind: plan.countKind, maxRows: plan.maxRows };
}

/** The body aggregate: a JSON array, one object, or CSV. */
function bodyAgg(accepted: Accepted, head: boolean, scalar = false): string {
  if (head) return "''";
  const t = scalar ? '_postgrest_t.pgrst_scalar' : '_postgrest_t';
  const strip = (s: string) => (accepted.stripNulls ? `json_strip_nulls(${s})` : s);
  if (accepted.media === 'csv') {
    return (
      "(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text as k FROM " +
      '(SELECT row_to_json(hh) as r from pgrst_source as hh limit 1) s) a) || ' +
      "'\n' || coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), '\n'), '')"
    );
  }
  if (accepted.media === 'object') return `coalesce(${strip(`json_agg(${t})->0`)}, 'null')::text`;
  return `coalesce(${strip(`json_agg(${t})`)}, '[]')::text`;
}

const totalSql = (count: boolean) =>
  count ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)' : 'null::bigint';

export function statementFor(plan: Plan): Statement {
  const statement =
    plan.kind === 'read'
      ? readStatement(plan)
      : plan.kind === 'mutate'
        ? mutateStatement(plan)
        : callStatement(plan);
  const explain = plan.accepted.plan;
  if (!explain) return statement;
  // `Accept: application/vnd.pgrst.plan`: the statement's plan instead of its result.
  const options = [`FORMAT ${explain.format.toUpperCase()}`, ...explain.options.map((o) => o.toUpperCase())];
  return {
    ...statement,
    text: `EXPLAIN (${options.join(', ')}) ${statement.text}`,
    singular: false,
    maxAffected: undefined,
    explainCount: undefined,
    explainPlan: explain.format,
  };
}

function readStatement(plan: ReadPlan): Statement {
  const p = new Params();
  const main = readQuery(plan.root, p);
  // count=planned takes the planner's estimate alone; count=estimated counts up to db-max-rows + 1.
  const counted = plan.count && plan.countKind !== 'planned';
  const estimatedLimit =
    plan.countKind === 'estimated' && plan.maxRows !== undefined ? ` LIMIT ${plan.maxRows + 1}` : '';
  const count = counted ? countQuery(plan.root, p) + estimatedLimit : '';
  const text =
    `WITH pgrst_source AS ( ${main} )` +
    (counted ? `, pgrst_source_count AS ( ${count} )` : '') +
    ` SELECT ${totalSql(counted)} AS total_result_set,` +
    ` pg_catalog.count(_postgrest_t) AS page_total, ${bodyAgg(plan.accepted, plan.head)} AS body` +
    ' FROM ( SELECT * FROM pgrst_source ) _postgrest_t';
  return {
    text,
    values: p.values,
    readOnly: true,
    singular: plan.accepted.media === 'object',
    ...txFields(plan),
    explainCount: explainCount(plan),
  };
}

function mutateStatement(plan: MutatePlan): Statement {
  const p = new Params();
  const { target, table, columns, returning } = plan;
  const returningSql =
    returning === undefined
      ? 'RETURNING 1'
      : returning === '*'
        ? `RETURNING ${target}.*`
        : `RETURNING ${returning.map((c) => `${target}.${ident(c)}`).join(', ')}`;
  const whereNode: ReadNode = { ...plan.root, qualifier: target, table, children: [] };
  const whereSql = plan.where.length ? ` WHERE ${conditionsSql(whereNode, plan.where, p)}` : '';
  let mutation: string;
  let upsertCounting = false;
  if (plan.method === 'DELETE') {
    mutation = `DELETE FROM ${target}${whereSql} ${returningSql}`;
  } else if (plan.method === 'PATCH' && columns.length === 0) {
    const name = ident(table.name);
    const cols =
      returning === undefined
        ? 'NULL'
        : returning === '*'
          ? `${name}.*`
          : returning.map((c) => `${name}.${ident(c)}`).join(', ');
    mutation = `SELECT ${cols} FROM ${target} WHERE false`;
  } else {
    const body = payloadSource(plan, p);
    const names = columns.map((c) => ident(c.name)).join(', ');
    if (plan.method === 'PATCH') {
      mutation =
        `UPDATE ${target} SET ${columns.map((c) => `${ident(c.name)} = pgrst_body.${ident(c.name)}`).join(', ')} ` +
        `${body(true)}${whereSql} ${returningSql}`;
    } else {
      const merge = plan.conflict?.resolution === 'merge-duplicates';
      upsertCounting = merge;
      // Counts inserted rows against rows merged into existing ones, so an upsert that only
      // updated answers 200 instead of 201.
      const inserted = (add: boolean) =>
        `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${add ? '+' : '-'} 1)::text, true) <> '${add ? '0' : '-1'}'`;
      let conflict = '';
      if (plan.conflict) {
        const onCols = plan.conflict.columns.map(ident).join(', ');
        if (!merge || columns.length === 0) conflict = ` ON CONFLICT(${onCols}) DO NOTHING`;
        else {
          conflict =
            ` ON CONFLICT(${onCols}) DO UPDATE SET ` +
            columns.map((c) => `${ident(c.name)} = EXCLUDED.${ident(c.name)}`).join(', ') +
            ` WHERE ${inserted(false)}`;
        }
      }
      mutation =
        `INSERT INTO ${target}${columns.length ? `(${names})` : ''} SELECT ${columns
          .map((c) => `pgrst_body.${ident(c.name)}`)
          .join(', ')} ${body(false)}` +
        (merge ? `WHERE ${inserted(true)}` : '') +
        `${conflict} ${returningSql}`;
    }
  }
  const full = returning !== undefined;
  const select = full ? readQuery(plan.root, p) : 'SELECT * FROM pgrst_source';
  const text =
    `WITH pgrst_source AS (${mutation}) SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ` +
    `${full ? bodyAgg(plan.accepted, false) : "''"} AS body, ` +
    `${upsertCounting ? "nullif(current_setting('pgrst.inserted', true),'')::int" : 'null::int'} AS response_inserted ` +
    `FROM (${select}) _postgrest_t`;
  return {
    text,
    values: p.values,
    readOnly: false,
    singular: plan.accepted.media === 'object',
    ...txFields(plan),
  };
}

/** `FROM` the JSON payload as rows of the payload's columns (with defaults when asked). */
function payloadSource(plan: MutatePlan, p: Params): (limitOne: boolean) => string {
  const pl = plan.payload as Payload;
  const { columns, applyDefaults } = plan;
  const jsonParam = `${p.bind(pl.raw)}::${applyDefaults ? 'jsonb' : 'json'}`;
  const typed = columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ');
  const names = columns.map((c) => ident(c.name)).join(', ');
  let source = 'pgrst_payload.json_data';
  let defaults = '';
  if (applyDefaults) {
    const pairs = columns
      .filter((c) => c.default !== null)
      .map((c) => `${literal(c.name)}, ${c.default}`)
      .join(', ');
    defaults = pl.isObject
      ? `LATERAL (SELECT jsonb_build_object(${pairs}) || pgrst_payload.json_data AS val) pgrst_json_defs, `
      : `LATERAL (SELECT jsonb_agg(jsonb_build_object(${pairs}) || elem) AS val from jsonb_array_elements(pgrst_payload.json_data) elem) pgrst_json_defs, `;
    source = 'pgrst_json_defs.val';
  }
  const fn = applyDefaults
    ? pl.isObject
      ? 'jsonb_to_record'
      : 'jsonb_to_recordset'
    : pl.isObject
      ? 'json_to_record'
      : 'json_to_recordset';
  const elements = applyDefaults ? 'jsonb_array_elements' : 'json_array_elements';
  return (limitOne) =>
    `FROM (SELECT ${jsonParam} AS json_data) pgrst_payload, ${defaults}LATERAL (SELECT ${names || ''} FROM ` +
    (columns.length === 0
      ? pl.isObject
        ? '(values(1)) _ '
        : `${elements}(${source}) _ `
      : `${fn}(${source}) AS _(${typed}) ${limitOne ? 'LIMIT 1' : ''}`) +
    ') pgrst_body ';
}

function callStatement(plan: CallPlan): Statement {
  const p = new Params();
  const { routine, args, accepted } = plan;
  const fnSql = qualified(routine.schema, routine.name);
  const scalar = routine.returnKind === 'scalar';
  const callIt = (list: string) =>
    scalar ? `(SELECT ${fnSql}(${list}) pgrst_scalar) pgrst_call` : `${fnSql}(${list}) pgrst_call`;
  const selectCall = scalar ? 'SELECT pgrst_call.pgrst_scalar' : 'SELECT pgrst_call.*';
  const named = (prm: RoutineParam, value: string) =>
    `${prm.variadic ? 'VARIADIC ' : ''}${ident(prm.name)} := ${value}`;
  let callSql: string;
  switch (args.kind) {
    case 'json':
      callSql = `${selectCall} FROM ${callIt(`${p.bind(args.raw)}::${args.type}`)}`;
      break;
    case 'none':
      callSql = `${selectCall} FROM ${callIt('')}`;
      break;
    case 'query':
      callSql = `${selectCall} FROM ${callIt(
        args.values.map(({ param, value }) => named(param, `${p.bind(value)}::${param.type}`)).join(', '),
      )}`;
      break;
    case 'body': {
      const typed = args.params.map((prm) => `${ident(prm.name)} ${prm.type}`).join(', ');
      const cols = args.params.map((prm) => ident(prm.name)).join(', ');
      const fn = args.payload.isObject ? 'json_to_record' : 'json_to_recordset';
      const list = args.params.map((prm) => named(prm, `pgrst_body.${ident(prm.name)}`)).join(', ');
      callSql =
        `${selectCall} FROM (SELECT ${p.bind(args.payload.raw)}::json AS json_data) pgrst_payload, ` +
        `LATERAL (SELECT ${cols} FROM ${fn}(pgrst_payload.json_data) AS _(${typed}) ${args.payload.isObject ? 'LIMIT 1' : ''}) pgrst_body, ` +
        `LATERAL ${callIt(list)}`;
      break;
    }
  }
  const readSql = readQuery(plan.root, p);
  const countSql = plan.count ? countQuery(plan.root, p) : '';
  const single = !routine.returnsSet;
  const t = scalar ? '_postgrest_t.pgrst_scalar' : '_postgrest_t';
  let body: string;
  if (plan.head) body = "''";
  else if (accepted.media === 'csv' || accepted.media === 'object' || !single)
    body = bodyAgg(accepted, false, scalar);
  else
    body = `coalesce(${accepted.stripNulls ? `json_strip_nulls(json_agg(${t})->0)` : `json_agg(${t})->0`}, 'null')::text`;
  const text =
    `WITH pgrst_source AS (${callSql})` +
    (plan.count ? `, pgrst_source_count AS (${countSql})` : '') +
    ` SELECT ${totalSql(plan.count)} AS total_result_set, ` +
    `${single ? '1' : 'pg_catalog.count(_postgrest_t)'} AS page_total, ${body} AS body FROM (${readSql}) _postgrest_t`;
  return {
    text,
    values: p.values,
    readOnly: plan.readOnly,
    singular: accepted.media === 'object',
    ...txFields(plan),
  };
}
