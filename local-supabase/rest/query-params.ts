import type { IncomingMessage } from 'node:http';
import { apiError } from './errors.ts';
import {
  parseColumns,
  parseEmbedPath,
  parseFilterValue,
  parseLogic,
  parseOrder,
  parseSelect,
  parseTreePath,
  type Filter,
  type LogicTree,
  type OpExpr,
  type OrderTerm,
  type SelectItem,
} from './parse.ts';

/** The query string of a request, sorted into PostgREST's parts (its `QueryParams`). */

export interface QueryParams {
  select: SelectItem[];
  filters: { path: string[]; filter: Filter }[];
  /** `name=value` pairs without an operator: the arguments of a GET/HEAD rpc */
  rpcArgs: [string, string][];
  logic: { path: string[]; tree: LogicTree }[];
  orders: { path: string[]; terms: OrderTerm[] }[];
  /** `limit`/`offset` per embed path ('' = the top level) */
  limits: Map<string, { limit?: number; offset?: number }>;
  columns?: string[];
  onConflict?: string[];
  /** the query string in a stable order, for Content-Location */
  canonical: string;
}

export interface Range {
  offset: number;
  limit?: number;
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const RESERVED_EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

export function parseQueryParams(url: URL, isRpcRead: boolean): QueryParams {
  const params: QueryParams = {
    select: [],
    filters: [],
    rpcArgs: [],
    logic: [],
    orders: [],
    limits: new Map(),
    canonical: [...url.searchParams.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&'),
  };
  const select = url.searchParams.get('select');
  params.select = parseSelect(select === null ? '*' : select);
  const columns = url.searchParams.get('columns');
  if (columns) params.columns = parseColumns(columns, 'columns');
  const onConflict = url.searchParams.get('on_conflict');
  if (onConflict) params.onConflict = parseColumns(onConflict, 'on_conflict');
  for (const [key, value] of url.searchParams.entries()) {
    if (value === '' || RESERVED.has(key)) continue;
    const last = key.split('.').pop() as string;
    if (RESERVED_EMBEDDABLE.has(last)) {
      if (last === 'and' || last === 'or') params.logic.push(parseLogic(key, value));
      else if (last === 'order') params.orders.push({ path: parseEmbedPath(key), terms: parseOrder(value) });
      else {
        const path = parseEmbedPath(key).join('.');
        const entry = params.limits.get(path) ?? {};
        const n = /^-?\d+$/.test(value) ? Number(value) : undefined;
        if (n !== undefined) {
          if (last === 'limit') entry.limit = n;
          else entry.offset = n;
        }
        params.limits.set(path, entry);
      }
      continue;
    }
    const expr: OpExpr | undefined = parseFilterValue(value, isRpcRead);
    if (!expr) {
      params.rpcArgs.push([key, value]);
      continue;
    }
    const { path, field } = parseTreePath(key);
    params.filters.push({ path, filter: { field, expr } });
  }
  return params;
}

/** The top-level range: the `Range` header (GET only) intersected with `limit`/`offset`. */
export function topLevelRange(req: IncomingMessage, params: QueryParams): Range {
  const q = params.limits.get('') ?? {};
  let lower = q.offset ?? 0;
  let upper: number | undefined = q.limit === undefined ? undefined : lower + q.limit - 1;
  if (q.limit !== undefined && q.limit < 0) {
    throw apiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'Limit should be greater than or equal to zero.',
    );
  }
  const range = req.method === 'GET' ? req.headers.range : undefined;
  const m = range ? /^(\d+)-(\d*)$/.exec(range.trim()) : null;
  if (m && q.limit !== 0) {
    const hLower = Number(m[1]);
    const hUpper = m[2] === '' ? undefined : Number(m[2]);
    if (hUpper !== undefined && hUpper < hLower) {
      throw apiError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
      );
    }
    lower = Math.max(lower, hLower);
    if (hUpper !== undefined) upper = upper === undefined ? hUpper : Math.min(upper, hUpper);
  }
  if (q.limit === 0) return { offset: lower, limit: 0 };
  return { offset: lower, limit: upper === undefined ? undefined : Math.max(0, upper - lower + 1) };
}

/** PostgREST's `db-max-rows`: a hard cap on the rows of the top level, whatever was asked. */
export function restrictRange(range: Range, maxRows: number | undefined): Range {
  if (maxRows === undefined) return range;
  return { offset: range.offset, limit: Math.min(range.limit ?? maxRows, maxRows) };
}
