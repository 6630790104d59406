import type { ApiRequest, Payload } from './api-request.ts';
import { apiError, cacheMissError } from './errors.ts';
import { findRoutine, lookupTable } from './lookup.ts';
import type { Accepted } from './preferences.ts';
import { restrictRange, type Range } from './query-params.ts';
import {
  applyQueryParams,
  buildReadTree,
  returningColumns,
  rootConditions,
  type NodeLogic,
  type ReadNode,
} from './read-plan.ts';
import type { Column, Routine, RoutineParam, SchemaCache, Table } from './schema-cache.ts';
import type { Limits } from './settings.ts';
import { ident, qualified } from './sql.ts';

/**
 * What a request will do, resolved against the schema cache (PostgREST's `Plan`): read rows of a
 * relation, write rows (insert, upsert, update, delete) and read back what was written, or call a
 * function and read its result. A plan names only things the cache knows; query.ts turns it into
 * one SQL statement.
 */

/** What every plan carries about the transaction and the count (from `Prefer` and db config). */
export interface TxPlan {
  /** `Prefer: count=…`, or undefined when no total is asked for */
  countKind?: 'exact' | 'planned' | 'estimated';
  /** the transaction ends in ROLLBACK (db-tx-end, or `Prefer: tx=rollback` where allowed) */
  rollback: boolean;
  /** `Prefer: tx=…` when the database lets a request choose (db-tx-end `*-allow-override`) */
  txApplied?: 'commit' | 'rollback';
  /** `Prefer: handling=strict, max-affected=N` on an update, delete or function call */
  maxAffected?: number;
  /** db-max-rows, for `count=estimated` */
  maxRows?: number;
}

export interface ReadPlan extends TxPlan {
  kind: 'read';
  /** the relation's name, for Content-Location */
  name: string;
  root: ReadNode;
  range: Range;
  count: boolean;
  head: boolean;
  accepted: Accepted;
}

export interface MutatePlan extends TxPlan {
  kind: 'mutate';
  method: 'POST' | 'PATCH' | 'DELETE';
  /** the table written, schema-qualified and quoted */
  target: string;
  table: Table;
  /** the read of what was written (select and embeds), over the written rows */
  root: ReadNode;
  /** the rows an update or delete targets */
  where: NodeLogic[];
  /** the payload's columns, in payload order */
  columns: Column[];
  payload?: Payload;
  /** `Prefer: missing=default`: absent keys take the column default */
  applyDefaults: boolean;
  /** upsert: the conflict columns and what to do on a conflict */
  conflict?: { columns: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' };
  /** columns RETURNING must give for the read back, or undefined when nothing is read back */
  returning?: string[] | '*';
  count: boolean;
  accepted: Accepted;
}

export type CallArgs =
  | { kind: 'none' }
  /** a single unnamed json/jsonb parameter takes the whole body */
  | { kind: 'json'; raw: string; type: string }
  /** GET/HEAD: arguments from the query string */
  | { kind: 'query'; values: { param: RoutineParam; value: string }[] }
  /** POST: arguments from the JSON body's keys */
  | { kind: 'body'; payload: Payload; params: RoutineParam[] };

export interface CallPlan extends TxPlan {
  kind: 'call';
  routine: Routine;
  args: CallArgs;
  root: ReadNode;
  range: Range;
  count: boolean;
  head: boolean;
  accepted: Accepted;
  readOnly: boolean;
}

export type Plan = ReadPlan | MutatePlan | CallPlan;

export function createPlan(request: ApiRequest, cache: SchemaCache): Plan {
  const { preferences } = request;
  if (preferences.handling === 'strict' && preferences.invalid.length > 0) {
    throw apiError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${preferences.invalid.join(', ')}`,
    );
  }
  if (request.accepted.plan && !cache.config.planEnabled) {
    throw apiError(
      406,
      'PGRST107',
      `None of these media types are available: application/vnd.pgrst.plan+${request.accepted.plan.format}`,
    );
  }
  const limits: Limits = { maxRows: cache.config.maxRows };
  if (request.target.kind === 'routine') return callPlan(request, request.target.name, cache, limits);
  if (request.method === 'GET' || request.method === 'HEAD') {
    return readPlan(request, request.target.kind === 'relation' ? request.target.name : '', cache, limits);
  }
  return mutatePlan(request, request.target.kind === 'relation' ? request.target.name : '', cache);
}

/** The transaction's end, the count and max-affected, as PostgREST's MainTx decides them. */
function txPlan(request: ApiRequest, cache: SchemaCache, guardsRows: boolean): TxPlan {
  const { preferences } = request;
  const { txEnd, maxRows } = cache.config;
  const tx = allowsTxOverride(cache) ? preferences.tx : undefined;
  const rollbackByDefault = txEnd === 'rollback' || txEnd === 'rollback-allow-override';
  return {
    countKind: preferences.count,
    rollback: tx === 'rollback' || (rollbackByDefault && tx !== 'commit'),
    txApplied: tx,
    maxAffected: guardsRows && preferences.handling === 'strict' ? preferences.maxAffected : undefined,
    maxRows,
  };
}

export const allowsTxOverride = (cache: SchemaCache) =>
  cache.config.txEnd === 'commit-allow-override' || cache.config.txEnd === 'rollback-allow-override';

function readPlan(request: ApiRequest, name: string, cache: SchemaCache, limits: Limits): ReadPlan {
  const { schema, params, preferences } = request;
  const table = lookupTable(cache, schema, name);
  const root = buildReadTree(
    cache,
    schema,
    { table, name, from: qualified(schema, name), qualifier: qualified(schema, name) },
    params.select,
  );
  applyQueryParams(root, params, { rootFilters: true, ranges: true });
  const range = restrictRange(request.range, limits.maxRows);
  root.offset = range.offset;
  root.limit = range.limit;
  return {
    ...txPlan(request, cache, false),
    kind: 'read',
    name,
    root,
    range,
    count: preferences.count !== undefined,
    head: request.method === 'HEAD',
    accepted: request.accepted,
  };
}

function mutatePlan(request: ApiRequest, name: string, cache: SchemaCache): MutatePlan {
  const { schema, params, preferences, payload } = request;
  const method = request.method as MutatePlan['method'];
  const table = lookupTable(cache, schema, name);
  const root = buildReadTree(
    cache,
    schema,
    { table, name, from: 'pgrst_source', fromAlias: name, qualifier: ident(name) },
    params.select,
  );
  applyQueryParams(root, params, { rootFilters: false, ranges: false });
  const target = qualified(schema, name);
  const where = rootConditions({ ...root, qualifier: target, children: [] }, params);
  const full = preferences.representation === 'representation';
  const columns = (payload?.keys ?? []).map((k) => {
    const column = table.columns.get(k);
    if (!column) {
      throw cacheMissError(
        400,
        'PGRST204',
        `Could not find the '${k}' column of '${name}' in the schema cache`,
        null,
        null,
      );
    }
    return column;
  });
  // Supabase runs PostgREST with pg-safeupdate: an unfiltered UPDATE or DELETE is refused.
  if (method === 'DELETE' && where.length === 0) {
    throw apiError(400, '21000', 'DELETE requires a WHERE clause');
  }
  if (method === 'PATCH' && columns.length > 0 && where.length === 0) {
    throw apiError(400, '21000', 'UPDATE requires a WHERE clause');
  }
  let conflict: MutatePlan['conflict'];
  if (method === 'POST' && preferences.resolution) {
    const conflictColumns = params.onConflict ?? (table.pk.length ? table.pk : undefined);
    if (conflictColumns) conflict = { columns: conflictColumns, resolution: preferences.resolution };
  }
  return {
    ...txPlan(request, cache, method !== 'POST'),
    kind: 'mutate',
    method,
    target,
    table,
    root,
    where,
    columns,
    payload,
    applyDefaults: preferences.missing === 'default',
    conflict,
    returning: full ? returningColumns(root, table.pk) : undefined,
    count: preferences.count === 'exact' || preferences.count === 'estimated',
    accepted: request.accepted,
  };
}

function callPlan(request: ApiRequest, fnName: string, cache: SchemaCache, limits: Limits): CallPlan {
  const { schema, params, preferences, payload } = request;
  const isRead = request.method !== 'POST';
  const argKeys = isRead ? [...new Set(params.rpcArgs.map(([k]) => k))] : (payload as Payload).keys;
  const routine = findRoutine(cache, schema, fnName, argKeys, !isRead);
  if (preferences.handling === 'strict' && preferences.maxAffected !== undefined && !routine.returnsSet) {
    throw apiError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    );
  }
  const rowTable = routine.returnTable ? cache.tables.get(`${schema}.${routine.returnTable}`) : undefined;
  const relName = routine.returnTable ?? fnName;

  let args: CallArgs;
  const unnamedJson = routine.params.length === 1 && routine.params[0].name === '' && !isRead;
  const used = routine.params.filter((prm) => argKeys.includes(prm.name));
  if (unnamedJson) args = { kind: 'json', raw: (payload as Payload).raw, type: routine.params[0].type };
  else if (used.length === 0) args = { kind: 'none' };
  else if (isRead) {
    args = {
      kind: 'query',
      values: used.map((param) => {
        const values = params.rpcArgs.filter(([k]) => k === param.name).map(([, v]) => v);
        return { param, value: param.variadic ? `{${values.join(',')}}` : values[values.length - 1] };
      }),
    };
  } else args = { kind: 'body', payload: payload as Payload, params: used };

  const root = buildReadTree(
    cache,
    schema,
    { table: rowTable, name: relName, from: 'pgrst_source', fromAlias: relName, qualifier: ident(relName) },
    params.select,
  );
  applyQueryParams(root, params, { rootFilters: true, ranges: true });
  // db-max-rows caps what a function returns as it caps a table read.
  const range = restrictRange(request.range, routine.returnsSet ? limits.maxRows : undefined);
  root.offset = range.offset;
  root.limit = range.limit;
  return {
    ...txPlan(request, cache, true),
    kind: 'call',
    routine,
    args,
    root,
    range,
    count: preferences.count === 'exact' || preferences.count === 'estimated',
    head: request.method === 'HEAD',
    accepted: request.accepted,
    readOnly: isRead || routine.volatility !== 'v',
  };
}
