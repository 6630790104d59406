import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeJwt } from 'jose';
import pg from 'pg';
import type { HttpService, StackContext } from '../types.ts';
import { CORS_HEADERS, HttpError, bearerToken, readBody } from '../http.ts';
import { verifyJwt } from '../jwt.ts';
import {
  QueryParamError,
  parseColumns,
  parseEmbedPath,
  parseFilterValue,
  parseLogic,
  parseOrder,
  parseSelect,
  parseTreePath,
  type Filter,
  type OpExpr,
  type OrderTerm,
  type SelectItem,
} from './parse.ts';
import {
  Params,
  PlanError,
  buildReadTree,
  conditionsSql,
  countQuery,
  filterLogic,
  ident,
  nodeAt,
  qualified,
  readQuery,
  returningColumns,
  toNodeLogic,
  type NodeLogic,
  type ReadNode,
} from './plan.ts';
import {
  EXPOSED_SCHEMAS,
  SchemaCacheHolder,
  type Routine,
  type SchemaCache,
  type Table,
} from './schema-cache.ts';

/**
 * The PostgREST subset that supabase-js (postgrest-js) speaks, answering as PostgREST 13 does.
 * Each request runs in one transaction on the `authenticator` pool, as the JWT's role with
 * `request.jwt.claims` set, so row level security decides every row.
 */

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const ANON_ROLE = 'anon';
const SEARCH_PATH = '"public", "extensions"';

interface ErrorBody {
  code: string;
  details: unknown;
  hint: unknown;
  message: string;
}

class RestError extends Error {
  constructor(
    public status: number,
    public body: ErrorBody,
    public headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

const restError = (
  status: number,
  code: string,
  message: string,
  details: unknown = null,
  hint: unknown = null,
  headers: Record<string, string> = {},
) => new RestError(status, { code, details, hint, message }, headers);

/** PostgREST's mapping of a Postgres SQLSTATE to an HTTP status. */
export function pgErrorStatus(code: string, message: string, authenticated: boolean): number {
  if (code.startsWith('08')) return 503;
  if (code.startsWith('09')) return 500;
  if (code.startsWith('0L') || code.startsWith('0P')) return 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (code.startsWith('25')) return 500;
  if (code.startsWith('28')) return 403;
  if (['2D', '38', '39', '3B', '40'].some((p) => code.startsWith(p))) return 500;
  if (code === '53400') return 500;
  if (code.startsWith('53')) return 503;
  if (code.startsWith('54') || code.startsWith('55')) return 500;
  if (code === '57P01') return 503;
  if (['57', '58', 'F0', 'HV'].some((p) => code.startsWith(p))) return 500;
  if (code === 'P0001') return 400;
  if (code.startsWith('P0') || code.startsWith('XX')) return 500;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '42501') return authenticated ? 403 : 401;
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  return 400;
}

interface PgLikeError {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isPgError(error: unknown): error is PgLikeError & Error {
  return (
    error instanceof Error &&
    typeof (error as PgLikeError).code === 'string' &&
    'severity' in (error as object)
  );
}

function fromPgError(error: PgLikeError, authenticated: boolean): RestError {
  const code = error.code ?? 'XX000';
  if (code === 'PGRST') {
    // RAISE SQLSTATE 'PGRST' with a JSON message and details: full control of the response.
    try {
      const msg = JSON.parse(error.message) as Partial<ErrorBody>;
      const det = JSON.parse(error.detail ?? '') as { status: number; headers?: Record<string, string> };
      return new RestError(
        det.status,
        {
          code: String(msg.code),
          details: msg.details ?? null,
          hint: msg.hint ?? null,
          message: String(msg.message),
        },
        det.headers ?? {},
      );
    } catch {
      return restError(
        500,
        'PGRST121',
        'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
        `Invalid JSON value for MESSAGE: '${error.message}'`,
        "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
      );
    }
  }
  const status = pgErrorStatus(code, error.message, authenticated);
  return new RestError(
    status,
    { code, details: error.detail ?? null, hint: error.hint ?? null, message: error.message },
    status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
  );
}

function sendError(res: ServerResponse, error: RestError, head = false) {
  const { code, details, hint, message } = error.body;
  const payload = JSON.stringify({ code, details, hint, message });
  res.writeHead(error.status, {
    ...CORS_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Proxy-Status': `PostgREST; error=${error.body.code}`,
    ...error.headers,
  });
  res.end(head ? undefined : payload);
}

// ---------------------------------------------------------------------------------------------
// Request pieces

interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  representation?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  missing?: 'default' | 'null';
}

function parsePrefer(req: IncomingMessage): Preferences {
  const raw = req.headers.prefer;
  const parts = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const prefs: Preferences = {};
  for (const part of parts) {
    const [k, v] = part.split('=', 2);
    if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) {
      prefs.resolution ??= v;
    } else if (k === 'return' && (v === 'representation' || v === 'minimal' || v === 'headers-only')) {
      prefs.representation ??= v;
    } else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) {
      prefs.count ??= v;
    } else if (k === 'missing' && (v === 'default' || v === 'null')) {
      prefs.missing ??= v;
    }
  }
  return prefs;
}

function preferenceApplied(values: (string | undefined)[]): Record<string, string> {
  const applied = values.filter((v): v is string => Boolean(v));
  return applied.length ? { 'Preference-Applied': applied.join(', ') } : {};
}

type Media = 'json' | 'object' | 'csv';

interface Accepted {
  media: Media;
  stripNulls: boolean;
}

function negotiate(req: IncomingMessage): Accepted {
  const header = req.headers.accept;
  if (!header) return { media: 'json', stripNulls: false };
  const entries = header
    .split(',')
    .map((part, index) => {
      const [type, ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => p.startsWith('q='));
      return {
        type: type.toLowerCase(),
        params: params.map((p) => p.toLowerCase().replace(/\s+/g, '')),
        q: q ? Number(q.slice(2)) : 1,
        index,
      };
    })
    .filter((e) => e.type && e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const e of entries) {
    const strip = e.params.includes('nulls=stripped');
    if (e.type === 'application/json' || e.type === '*/*') return { media: 'json', stripNulls: false };
    if (e.type === 'application/vnd.pgrst.object+json' || e.type === 'application/vnd.pgrst.object') {
      return { media: 'object', stripNulls: strip };
    }
    if (e.type === 'application/vnd.pgrst.array+json' || e.type === 'application/vnd.pgrst.array') {
      return { media: 'json', stripNulls: strip };
    }
    if (e.type === 'text/csv') return { media: 'csv', stripNulls: false };
  }
  throw restError(
    406,
    'PGRST107',
    `None of these media types are available: ${entries.map((e) => e.type).join(', ')}`,
  );
}

const contentType = (a: Accepted) =>
  a.media === 'object'
    ? `application/vnd.pgrst.object+json${a.stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`
    : a.media === 'csv'
      ? 'text/csv; charset=utf-8'
      : a.stripNulls
        ? 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8'
        : 'application/json; charset=utf-8';

interface QueryParts {
  select: SelectItem[];
  filters: { path: string[]; filter: Filter }[];
  rpcArgs: [string, string][];
  logic: { path: string[]; tree: ReturnType<typeof parseLogic>['tree'] }[];
  orders: { path: string[]; terms: OrderTerm[] }[];
  limits: Map<string, { limit?: number; offset?: number }>;
  columns?: string[];
  onConflict?: string[];
  canonical: string;
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const RESERVED_EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

function parseQuery(url: URL, isRpcRead: boolean): QueryParts {
  const parts: QueryParts = {
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
  parts.select = parseSelect(select === null ? '*' : select);
  const columns = url.searchParams.get('columns');
  if (columns) parts.columns = parseColumns(columns, 'columns');
  const onConflict = url.searchParams.get('on_conflict');
  if (onConflict) parts.onConflict = parseColumns(onConflict, 'on_conflict');
  for (const [key, value] of url.searchParams.entries()) {
    if (value === '' || RESERVED.has(key)) continue;
    const last = key.split('.').pop() as string;
    if (RESERVED_EMBEDDABLE.has(last)) {
      if (last === 'and' || last === 'or') parts.logic.push(parseLogic(key, value));
      else if (last === 'order') parts.orders.push({ path: parseEmbedPath(key), terms: parseOrder(value) });
      else {
        const path = parseEmbedPath(key).join('.');
        const entry = parts.limits.get(path) ?? {};
        const n = /^-?\d+$/.test(value) ? Number(value) : undefined;
        if (n !== undefined) {
          if (last === 'limit') entry.limit = n;
          else entry.offset = n;
        }
        parts.limits.set(path, entry);
      }
      continue;
    }
    const expr: OpExpr | undefined = parseFilterValue(value, isRpcRead);
    if (!expr) {
      parts.rpcArgs.push([key, value]);
      continue;
    }
    const { path, field } = parseTreePath(key);
    parts.filters.push({ path, filter: { field, expr } });
  }
  return parts;
}

/** The `Range` header (GET only) intersected with `limit`/`offset`. */
function topRange(req: IncomingMessage, parts: QueryParts): { offset: number; limit?: number } {
  const q = parts.limits.get('') ?? {};
  let lower = q.offset ?? 0;
  let upper: number | undefined = q.limit === undefined ? undefined : lower + q.limit - 1;
  if (q.limit !== undefined && q.limit < 0) {
    throw restError(
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
      throw restError(
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

function applyQueryToTree(
  root: ReadNode,
  parts: QueryParts,
  opts: { rootFilters: boolean; ranges: boolean },
) {
  for (const { path, filter } of parts.filters) {
    if (path.length === 0 && !opts.rootFilters) continue;
    const node = nodeAt(root, path);
    node.where.push(filterLogic(node, filter));
  }
  for (const { path, tree } of parts.logic) {
    if (path.length === 0 && !opts.rootFilters) continue;
    const node = nodeAt(root, path);
    node.where.push(toNodeLogic(node, tree));
  }
  for (const { path, terms } of parts.orders) nodeAt(root, path).order = terms;
  if (opts.ranges) {
    for (const [path, { limit, offset }] of parts.limits) {
      if (path === '') continue;
      const node = nodeAt(root, path.split('.'));
      if (limit !== undefined) node.limit = Math.max(0, limit);
      if (offset !== undefined) node.offset = Math.max(0, offset);
    }
  }
}

/** The rows a mutation targets: root filters and root logic trees. */
function rootConditions(root: ReadNode, parts: QueryParts): NodeLogic[] {
  const out: NodeLogic[] = [];
  for (const { path, filter } of parts.filters) if (path.length === 0) out.push({ kind: 'filter', filter });
  for (const { path, tree } of parts.logic) if (path.length === 0) out.push(toNodeLogic(root, tree));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Body

interface Payload {
  /** the JSON text handed to Postgres */
  raw: string;
  isObject: boolean;
  keys: string[];
}

async function readPayload(
  req: IncomingMessage,
  columns: string[] | undefined,
  isRpc: boolean,
): Promise<Payload> {
  const type = (req.headers['content-type'] ?? 'application/json').split(';')[0].trim().toLowerCase();
  const buffer = await readBody(req);
  let text = buffer.toString('utf8');
  if (type === 'application/x-www-form-urlencoded') {
    const obj = Object.fromEntries(new URLSearchParams(text));
    text = JSON.stringify(obj);
  } else if (type !== 'application/json') {
    throw restError(400, 'PGRST102', `Content-Type not acceptable: ${type}`);
  }
  if (columns) {
    return { raw: text, isObject: text.trimStart().startsWith('{'), keys: columns };
  }
  let json: unknown;
  if (text.trim() === '' && isRpc) json = {};
  else {
    try {
      json = JSON.parse(text);
    } catch {
      throw restError(400, 'PGRST102', 'Empty or invalid json');
    }
  }
  if (Array.isArray(json)) {
    if (json.length === 0) return { raw: '[]', isObject: false, keys: [] };
    const first = json[0];
    if (first === null || typeof first !== 'object' || Array.isArray(first)) {
      throw restError(400, 'PGRST102', 'All object keys must match');
    }
    const keys = Object.keys(first).sort();
    const uniform = json.every((row: unknown) => {
      if (row === null || typeof row !== 'object' || Array.isArray(row)) return false;
      const k = Object.keys(row).sort();
      return k.length === keys.length && k.every((x, i) => x === keys[i]);
    });
    if (!uniform) throw restError(400, 'PGRST102', 'All object keys must match');
    return { raw: text, isObject: false, keys: Object.keys(first) };
  }
  if (json !== null && typeof json === 'object')
    return { raw: text, isObject: true, keys: Object.keys(json) };
  return { raw: '[]', isObject: false, keys: [] };
}

// ---------------------------------------------------------------------------------------------
// The service

interface Claims {
  role: string;
  [key: string]: unknown;
}

interface Statement {
  text: string;
  values: string[];
}

interface ResultRow {
  total_result_set: string | null;
  page_total: string;
  body: string | null;
  response_inserted?: number | null;
}

const LOCALS_SQL =
  "select set_config('search_path', $1, true), set_config('role', $2, true), " +
  "set_config('request.jwt.claims', $3, true), set_config('request.method', $4, true), " +
  "set_config('request.path', $5, true), set_config('request.headers', $6, true), " +
  "set_config('request.cookies', $7, true)";

/** The request settings as one statement that returns no row (every set_config still runs). */
const PIPELINED_LOCALS_SQL =
  "select where (set_config('search_path', $1, true) || set_config('role', $2, true) || " +
  "set_config('request.jwt.claims', $3, true) || set_config('request.method', $4, true) || " +
  "set_config('request.path', $5, true) || set_config('request.headers', $6, true) || " +
  "set_config('request.cookies', $7, true) || set_config('transaction_read_only', $8, true)) is null";

const LOCALS_STATEMENT = 'pgrst_locals_pipelined';

/** Statement shapes kept prepared per schema cache; rarer shapes beyond it run unnamed. */
const MAX_NAMED_STATEMENTS = 300;

/** Pooled connections on which LOCALS_STATEMENT is prepared. */
const preparedLocals = new WeakSet<pg.PoolClient>();

interface WireConnection {
  parse(config: { text: string; name?: string; types?: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: unknown[] }): void;
  execute(config: { portal: string; rows: number }): void;
}

const BaseQuery = pg.Query as unknown as new (config: {
  text: string;
  values: string[];
  name?: string;
  queryMode: 'extended';
  callback: (error: Error | undefined, result: pg.QueryResult | pg.QueryResult[]) => void;
}) => { prepare(connection: WireConnection): void };

/**
 * The request's settings and its statement sent together, before one Sync: Postgres runs both in
 * one implicit transaction (the settings are local to it), so a request costs one round trip
 * instead of four (BEGIN, settings, statement, COMMIT). On an error Postgres rolls it all back.
 */
class PipelinedQuery extends BaseQuery {
  constructor(
    private locals: string[],
    statement: Statement & { name?: string },
    callback: (error: Error | undefined, result: pg.QueryResult | pg.QueryResult[]) => void,
  ) {
    super({
      text: statement.text,
      values: statement.values,
      name: statement.name,
      queryMode: 'extended',
      callback,
    });
  }

  prepare(connection: WireConnection) {
    // The settings statement was prepared on this connection beforehand (see `preparedLocals`):
    // a ParseComplete here would be booked against the main statement's name.
    connection.bind({ portal: '', statement: LOCALS_STATEMENT, values: this.locals });
    connection.execute({ portal: '', rows: 0 });
    super.prepare(connection);
  }
}

export function createRest(ctx: StackContext): HttpService {
  const schemaCache = new SchemaCacheHolder(ctx.adminPool, (m) => ctx.log('rest', m));
  void schemaCache.get().catch(() => undefined);
  void schemaCache.listen();

  // Named (prepared) statements per SQL text, renewed with each schema cache.
  let statementNames = new Map<string, string>();
  let namesFor: SchemaCache | undefined;
  let nameCounter = 0;
  const statementName = (cache: SchemaCache, text: string): string | undefined => {
    if (namesFor !== cache) {
      statementNames = new Map();
      namesFor = cache;
    }
    const known = statementNames.get(text);
    if (known) return known;
    if (statementNames.size >= MAX_NAMED_STATEMENTS) return undefined;
    nameCounter += 1;
    const name = `pgrst_${nameCounter}`;
    statementNames.set(text, name);
    return name;
  };

  async function authenticate(req: IncomingMessage, url: URL): Promise<Claims> {
    const hasAuthHeader = typeof req.headers.authorization === 'string';
    const token = bearerToken(req, url);
    if (hasAuthHeader && /^bearer\s*$/i.test(req.headers.authorization as string)) {
      throw restError(401, 'PGRST301', 'Empty JWT is sent in Authorization header', null, null, {
        'WWW-Authenticate':
          'Bearer error="invalid_token", error_description="Empty JWT is sent in Authorization header"',
      });
    }
    if (!token) return { role: ANON_ROLE };
    const invalid = (code: string, message: string) =>
      restError(401, code, message, null, null, {
        'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
      });
    const parts = token.split('.').length;
    if (parts !== 3) throw invalid('PGRST301', `Expected 3 parts in JWT; got ${parts}`);
    let claims: Claims;
    try {
      const verified = await verifyJwt(token);
      claims = { ...verified, role: verified.role };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ERR_JWT_EXPIRED') throw invalid('PGRST303', 'JWT expired');
      if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') {
        const claim = (error as { claim?: string }).claim;
        if (claim === 'nbf') throw invalid('PGRST303', 'JWT not yet valid');
        if (claim === 'iat') throw invalid('PGRST303', 'JWT issued at future');
        throw invalid('PGRST303', 'Parsing claims failed');
      }
      if (code === 'ERR_JOSE_ALG_NOT_ALLOWED')
        throw invalid('PGRST301', 'Wrong or unsupported encoding algorithm');
      if (code === undefined && (error as Error).message === 'JWT has no role claim') {
        // A valid token without a role claim gets the anonymous role, as in PostgREST.
        return { ...(decodeJwt(token) as Record<string, unknown>), role: ANON_ROLE };
      }
      if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') {
        throw invalid('PGRST301', 'JWT cryptographic operation failed');
      }
      throw invalid('PGRST301', "JWT couldn't be decoded");
    }
    // Only the API roles may be assumed: the answer Postgres gives for any other role.
    if (!API_ROLES.has(claims.role)) {
      throw restError(403, '42501', `permission denied to set role "${claims.role}"`);
    }
    return claims;
  }

  /** Runs one statement in one transaction with the request's role and settings. */
  async function execute(
    cache: SchemaCache,
    req: IncomingMessage,
    path: string,
    claims: Claims,
    readOnly: boolean,
    statement: Statement,
    check?: (row: ResultRow) => RestError | undefined,
    /** false when a failed check must roll back writes: then an explicit transaction is used */
    pipelined = true,
  ): Promise<ResultRow> {
    const authenticated = claims.role !== ANON_ROLE;
    let client: pg.PoolClient;
    try {
      client = await ctx.apiPool.connect();
    } catch (error) {
      throw restError(
        503,
        'PGRST000',
        'Database connection error. Retrying the connection.',
        String((error as Error).message),
      );
    }
    let broken = false;
    const headers: Record<string, string> = {};
    let cookies: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (k === 'cookie' || v === undefined) continue;
      headers[k] = Array.isArray(v) ? v.join(', ') : v;
    }
    if (typeof req.headers.cookie === 'string') {
      cookies = Object.fromEntries(
        req.headers.cookie
          .split(';')
          .map((c) => c.trim().split('=', 2))
          .filter((p) => p[0])
          .map(([k, v]) => [k, v ?? '']),
      );
    }
    const locals = [
      SEARCH_PATH,
      claims.role,
      JSON.stringify(claims),
      req.method ?? 'GET',
      path,
      JSON.stringify(headers),
      JSON.stringify(cookies),
    ];
    if (pipelined) {
      try {
        if (!preparedLocals.has(client)) {
          // Prepares (and runs, to no lasting effect outside a transaction) the settings statement.
          await client.query({
            name: LOCALS_STATEMENT,
            text: PIPELINED_LOCALS_SQL,
            values: [...locals, 'off'],
          });
          preparedLocals.add(client);
        }
        const named = { ...statement, name: statementName(cache, statement.text) };
        const row = await new Promise<ResultRow | undefined>((resolve, reject) => {
          const query = new PipelinedQuery([...locals, readOnly ? 'on' : 'off'], named, (error, result) => {
            if (error) return reject(error);
            const results = Array.isArray(result) ? result : [result];
            resolve(results[results.length - 1]?.rows[0] as ResultRow | undefined);
          });
          client.query(query as unknown as pg.Submittable);
        });
        const result = row ?? { total_result_set: null, page_total: '0', body: null };
        const failure = check?.(result);
        if (failure) throw failure;
        return result;
      } catch (error) {
        if (error instanceof RestError) throw error;
        if (isPgError(error)) throw fromPgError(error, authenticated);
        broken = true;
        throw restError(
          503,
          'PGRST001',
          'Database client error. Retrying the connection.',
          (error as Error).message,
        );
      } finally {
        client.release(broken);
      }
    }
    try {
      await client.query(
        readOnly
          ? 'BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY'
          : 'BEGIN ISOLATION LEVEL READ COMMITTED READ WRITE',
      );
      await client.query({
        name: 'pgrst_locals',
        text: LOCALS_SQL,
        values: locals,
      });
      const result = await client.query<ResultRow>({
        name: statementName(cache, statement.text),
        text: statement.text,
        values: statement.values,
      });
      const row = result.rows[0] ?? { total_result_set: null, page_total: '0', body: null };
      const failure = check?.(row);
      if (failure) {
        await client.query('ROLLBACK');
        throw failure;
      }
      await client.query('COMMIT');
      return row;
    } catch (error) {
      if (error instanceof RestError) throw error;
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true;
      }
      if (isPgError(error)) throw fromPgError(error, authenticated);
      broken = true;
      throw restError(
        503,
        'PGRST001',
        'Database client error. Retrying the connection.',
        (error as Error).message,
      );
    } finally {
      client.release(broken);
    }
  }

  /** Plans with the current cache; on a cache miss, once more with a fresh one. */
  async function withCache<T>(
    arrivedAt: number,
    plan: (cache: SchemaCache) => T,
  ): Promise<{ cache: SchemaCache; planned: T }> {
    const unavailable = () =>
      restError(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.');
    let cache = await schemaCache.get().catch(() => Promise.reject(unavailable()));
    try {
      return { cache, planned: plan(cache) };
    } catch (error) {
      if (!(error instanceof PlanError && error.cacheMiss)) throw error;
      cache = await schemaCache.refreshSince(arrivedAt).catch(() => Promise.reject(unavailable()));
      return { cache, planned: plan(cache) };
    }
  }

  function singularCheck(media: Media) {
    return (row: ResultRow) => {
      const n = Number(row.page_total);
      if (media === 'object' && n !== 1) {
        return restError(
          406,
          'PGRST116',
          'Cannot coerce the result to a single JSON object',
          `The result contains ${n} rows`,
        );
      }
      return undefined;
    };
  }

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

  function tableNotFound(cache: SchemaCache, schema: string, name: string): PlanError {
    const names = [...cache.tables.values()].filter((t) => t.schema === schema).map((t) => t.name);
    const suggestion = closest(name, names);
    return new PlanError(
      404,
      {
        code: 'PGRST205',
        message: `Could not find the table '${schema}.${name}' in the schema cache`,
        details: null,
        hint: suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
      },
      true,
    );
  }

  function lookupTable(cache: SchemaCache, schema: string, name: string): Table {
    const table = cache.tables.get(`${schema}.${name}`);
    if (!table) throw tableNotFound(cache, schema, name);
    return table;
  }

  // ---- GET / HEAD on a table or view
  async function read(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    schema: string,
    name: string,
    parts: QueryParts,
    claims: Claims,
    profileHeader: Record<string, string>,
    arrivedAt: number,
  ) {
    const head = req.method === 'HEAD';
    const prefs = parsePrefer(req);
    const accepted = negotiate(req);
    const range = topRange(req, parts);
    const shouldCount = prefs.count === 'exact' || prefs.count === 'estimated' || prefs.count === 'planned';
    const { cache, planned } = await withCache(arrivedAt, (cache) => {
      const table = lookupTable(cache, schema, name);
      const root = buildReadTree(
        cache,
        schema,
        { table, name, from: qualified(schema, name), qualifier: qualified(schema, name) },
        parts.select,
      );
      applyQueryToTree(root, parts, { rootFilters: true, ranges: true });
      root.offset = range.offset;
      root.limit = range.limit;
      const p = new Params();
      const main = readQuery(root, p);
      const count = shouldCount ? countQuery(root, p) : '';
      const text =
        `WITH pgrst_source AS ( ${main} )` +
        (shouldCount ? `, pgrst_source_count AS ( ${count} )` : '') +
        ` SELECT ${shouldCount ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)' : 'null::bigint'} AS total_result_set,` +
        ` pg_catalog.count(_postgrest_t) AS page_total, ${bodyAgg(accepted, head)} AS body` +
        ' FROM ( SELECT * FROM pgrst_source ) _postgrest_t';
      return { text, values: p.values };
    });
    const row = await execute(cache, req, path, claims, true, planned, singularCheck(accepted.media));
    const pageTotal = Number(row.page_total);
    const total = row.total_result_set === null ? undefined : Number(row.total_result_set);
    const lower = range.offset;
    const upper = lower + pageTotal - 1;
    const rangeText = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
    const status = rangeStatus(lower, upper, total);
    const headers: Record<string, string> = {
      'Content-Range': `${rangeText}/${total === undefined ? '*' : total}`,
      'Content-Location': `/${name}${parts.canonical ? `?${parts.canonical}` : ''}`,
      'Content-Type': contentType(accepted),
      ...profileHeader,
      ...preferenceApplied([prefs.count && `count=${prefs.count}`]),
    };
    if (status === 416) return sendRangeNotSatisfiable(res, headers, lower, total, head);
    send(res, status, headers, head ? undefined : (row.body ?? ''));
  }

  // ---- POST / PATCH / DELETE on a table
  async function mutate(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    schema: string,
    name: string,
    parts: QueryParts,
    claims: Claims,
    profileHeader: Record<string, string>,
    arrivedAt: number,
  ) {
    const method = req.method as 'POST' | 'PATCH' | 'DELETE';
    const prefs = parsePrefer(req);
    const accepted = negotiate(req);
    const full = prefs.representation === 'representation';
    const payload = method === 'DELETE' ? undefined : await readPayload(req, parts.columns, false);
    const shouldCount = prefs.count === 'exact' || prefs.count === 'estimated';

    const { cache, planned } = await withCache(arrivedAt, (cache) => {
      const table = lookupTable(cache, schema, name);
      const alias = ident(name);
      const root = buildReadTree(
        cache,
        schema,
        { table, name, from: 'pgrst_source', fromAlias: name, qualifier: alias },
        parts.select,
      );
      applyQueryToTree(root, parts, { rootFilters: false, ranges: false });
      const where = rootConditions({ ...root, qualifier: qualified(schema, name), children: [] }, parts);
      const p = new Params();
      const target = qualified(schema, name);
      const returning = full ? returningColumns(root, table.pk) : undefined;
      const returningSql =
        returning === undefined
          ? 'RETURNING 1'
          : returning === '*'
            ? `RETURNING ${target}.*`
            : `RETURNING ${returning.map((c) => `${target}.${ident(c)}`).join(', ')}`;
      const whereSql = (w: NodeLogic[]) => {
        const node: ReadNode = { ...root, qualifier: target, table, children: [] };
        return w.length ? ` WHERE ${conditionsSql(node, w, p)}` : '';
      };

      let mutation: string;
      let upsertCounting = false;
      if (method === 'DELETE') {
        // Supabase runs PostgREST with pg-safeupdate: an unfiltered DELETE is refused.
        if (where.length === 0) throw planError(400, '21000', 'DELETE requires a WHERE clause');
        mutation = `DELETE FROM ${target}${whereSql(where)} ${returningSql}`;
      } else {
        const pl = payload as Payload;
        const columns = pl.keys.map((k) => {
          const column = table.columns.get(k);
          if (!column) {
            throw new PlanError(
              400,
              {
                code: 'PGRST204',
                message: `Could not find the '${k}' column of '${name}' in the schema cache`,
                details: null,
                hint: null,
              },
              true,
            );
          }
          return column;
        });
        const applyDefaults = prefs.missing === 'default';
        const jsonParam = () => `${p.bind(pl.raw)}::${applyDefaults ? 'jsonb' : 'json'}`;
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
        const body = (limitOne: boolean) =>
          `FROM (SELECT ${jsonParam()} AS json_data) pgrst_payload, ${defaults}LATERAL (SELECT ${names || ''} FROM ` +
          (columns.length === 0
            ? pl.isObject
              ? '(values(1)) _ '
              : `${elements}(${source}) _ `
            : `${fn}(${source}) AS _(${typed}) ${limitOne ? 'LIMIT 1' : ''}`) +
          ') pgrst_body ';

        if (method === 'POST') {
          const conflictCols = parts.onConflict ?? (table.pk.length ? table.pk : undefined);
          const resolution = prefs.resolution && conflictCols ? prefs.resolution : undefined;
          const merge = resolution === 'merge-duplicates';
          upsertCounting = merge;
          const inserted = (add: boolean) =>
            `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${add ? '+' : '-'} 1)::text, true) <> '${add ? '0' : '-1'}'`;
          let conflict = '';
          if (resolution && conflictCols) {
            const onCols = conflictCols.map(ident).join(', ');
            if (resolution === 'ignore-duplicates' || columns.length === 0) {
              conflict = ` ON CONFLICT(${onCols}) DO NOTHING`;
            } else {
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
          return {
            statement: mutationStatement(mutation, root, p, accepted, full, upsertCounting),
            resolution,
            where,
          };
        }
        // PATCH
        if (columns.length === 0) {
          const cols =
            returning === undefined
              ? 'NULL'
              : returning === '*'
                ? `${ident(name)}.*`
                : returning.map((c) => `${ident(name)}.${ident(c)}`).join(', ');
          mutation = `SELECT ${cols} FROM ${target} WHERE false`;
        } else {
          // Supabase runs PostgREST with pg-safeupdate: an unfiltered UPDATE is refused.
          if (where.length === 0) throw planError(400, '21000', 'UPDATE requires a WHERE clause');
          mutation =
            `UPDATE ${target} SET ${columns.map((c) => `${ident(c.name)} = pgrst_body.${ident(c.name)}`).join(', ')} ` +
            `${body(true)}${whereSql(where)} ${returningSql}`;
        }
      }
      return {
        statement: mutationStatement(mutation, root, p, accepted, full, false),
        resolution: undefined,
        where,
      };
    });

    const row = await execute(
      cache,
      req,
      path,
      claims,
      false,
      planned.statement,
      singularCheck(accepted.media),
      accepted.media !== 'object',
    );
    const affected = Number(row.page_total);
    const countHeader = (lower: number, upper: number) => {
      const total = shouldCount ? affected : undefined;
      const inRange = total !== 0 && lower <= upper;
      return `${inRange ? `${lower}-${upper}` : '*'}/${total === undefined ? '*' : total}`;
    };
    const rep = prefs.representation ? `return=${prefs.representation}` : undefined;
    const countPref = prefs.count ? `count=${prefs.count}` : undefined;
    const bodyHeaders = { 'Content-Type': contentType(accepted), ...profileHeader };
    if (method === 'POST') {
      const inserted = row.response_inserted;
      const status =
        planned.resolution === 'merge-duplicates' &&
        inserted !== undefined &&
        inserted !== null &&
        inserted <= 0
          ? 200
          : 201;
      const headers = {
        'Content-Range': countHeader(1, 0),
        ...preferenceApplied([
          planned.resolution && `resolution=${planned.resolution}`,
          prefs.missing && `missing=${prefs.missing}`,
          rep,
          countPref,
        ]),
      };
      if (full) return send(res, status, { ...headers, ...bodyHeaders }, row.body ?? '');
      return send(res, status, headers, undefined);
    }
    const headers = {
      'Content-Range': method === 'PATCH' ? countHeader(0, affected - 1) : countHeader(1, 0),
      ...preferenceApplied([rep, countPref]),
    };
    if (full) return send(res, 200, { ...headers, ...bodyHeaders }, row.body ?? '');
    return send(res, 204, headers, undefined);
  }

  function mutationStatement(
    mutation: string,
    root: ReadNode,
    p: Params,
    accepted: Accepted,
    full: boolean,
    upsertCounting: boolean,
  ): Statement {
    const select = full ? readQuery(root, p) : 'SELECT * FROM pgrst_source';
    const text =
      `WITH pgrst_source AS (${mutation}) SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ` +
      `${full ? bodyAgg(accepted, false) : "''"} AS body, ` +
      `${upsertCounting ? "nullif(current_setting('pgrst.inserted', true),'')::int" : 'null::int'} AS response_inserted ` +
      `FROM (${select}) _postgrest_t`;
    return { text, values: p.values };
  }

  // ---- /rpc/<fn>
  async function call(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    schema: string,
    fnName: string,
    url: URL,
    claims: Claims,
    profileHeader: Record<string, string>,
    arrivedAt: number,
  ) {
    const method = req.method as 'GET' | 'HEAD' | 'POST';
    const isRead = method !== 'POST';
    const head = method === 'HEAD';
    const parts = parseQuery(url, isRead);
    const prefs = parsePrefer(req);
    const accepted = negotiate(req);
    const range = topRange(req, parts);
    const payload = isRead ? undefined : await readPayload(req, parts.columns, true);
    const argKeys = isRead ? [...new Set(parts.rpcArgs.map(([k]) => k))] : (payload as Payload).keys;
    const shouldCount = prefs.count === 'exact' || prefs.count === 'estimated';

    const { cache, planned } = await withCache(arrivedAt, (cache) => {
      const routine = findRoutine(cache, schema, fnName, argKeys, !isRead);
      const rowTable = routine.returnTable ? cache.tables.get(`${schema}.${routine.returnTable}`) : undefined;
      const relName = routine.returnTable ?? fnName;
      const p = new Params();
      const fnSql = qualified(routine.schema, routine.name);
      const scalar = routine.returnKind === 'scalar';
      const unnamedJson = routine.params.length === 1 && routine.params[0].name === '' && !isRead;
      const used = unnamedJson ? routine.params : routine.params.filter((prm) => argKeys.includes(prm.name));
      let callSql: string;
      const callIt = (args: string) =>
        scalar ? `(SELECT ${fnSql}(${args}) pgrst_scalar) pgrst_call` : `${fnSql}(${args}) pgrst_call`;
      const selectCall = scalar ? 'SELECT pgrst_call.pgrst_scalar' : 'SELECT pgrst_call.*';
      if (unnamedJson) {
        callSql = `${selectCall} FROM ${callIt(`${p.bind((payload as Payload).raw)}::${routine.params[0].type}`)}`;
      } else if (used.length === 0) {
        callSql = `${selectCall} FROM ${callIt('')}`;
      } else if (isRead) {
        const args = used.map((prm) => {
          const values = parts.rpcArgs.filter(([k]) => k === prm.name).map(([, v]) => v);
          const value = prm.variadic ? `{${values.join(',')}}` : values[values.length - 1];
          return `${prm.variadic ? 'VARIADIC ' : ''}${ident(prm.name)} := ${p.bind(value)}::${prm.type}`;
        });
        callSql = `${selectCall} FROM ${callIt(args.join(', '))}`;
      } else {
        const pl = payload as Payload;
        const typed = used.map((prm) => `${ident(prm.name)} ${prm.type}`).join(', ');
        const cols = used.map((prm) => ident(prm.name)).join(', ');
        const fn = pl.isObject ? 'json_to_record' : 'json_to_recordset';
        const args = used
          .map(
            (prm) => `${prm.variadic ? 'VARIADIC ' : ''}${ident(prm.name)} := pgrst_body.${ident(prm.name)}`,
          )
          .join(', ');
        callSql =
          `${selectCall} FROM (SELECT ${p.bind(pl.raw)}::json AS json_data) pgrst_payload, ` +
          `LATERAL (SELECT ${cols} FROM ${fn}(pgrst_payload.json_data) AS _(${typed}) ${pl.isObject ? 'LIMIT 1' : ''}) pgrst_body, ` +
          `LATERAL ${callIt(args)}`;
      }
      const root = buildReadTree(
        cache,
        schema,
        {
          table: rowTable,
          name: relName,
          from: 'pgrst_source',
          fromAlias: relName,
          qualifier: ident(relName),
        },
        parts.select,
      );
      applyQueryToTree(root, parts, { rootFilters: true, ranges: true });
      root.offset = range.offset;
      root.limit = range.limit;
      const readSql = readQuery(root, p);
      const countSql = shouldCount ? countQuery(root, p) : '';
      const single = !routine.returnsSet;
      let body: string;
      if (head) body = "''";
      else if (accepted.media === 'csv' || accepted.media === 'object')
        body = bodyAgg(accepted, false, scalar);
      else if (single)
        body = `coalesce(${accepted.stripNulls ? `json_strip_nulls(json_agg(${scalar ? '_postgrest_t.pgrst_scalar' : '_postgrest_t'})->0)` : `json_agg(${scalar ? '_postgrest_t.pgrst_scalar' : '_postgrest_t'})->0`}, 'null')::text`;
      else body = bodyAgg(accepted, false, scalar);
      const text =
        `WITH pgrst_source AS (${callSql})` +
        (shouldCount ? `, pgrst_source_count AS (${countSql})` : '') +
        ` SELECT ${shouldCount ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)' : 'null::bigint'} AS total_result_set, ` +
        `${single ? '1' : 'pg_catalog.count(_postgrest_t)'} AS page_total, ${body} AS body FROM (${readSql}) _postgrest_t`;
      return { statement: { text, values: p.values }, routine };
    });
    const readOnly = isRead || planned.routine.volatility !== 'v';
    const row = await execute(
      cache,
      req,
      path,
      claims,
      readOnly,
      planned.statement,
      singularCheck(accepted.media),
      readOnly || accepted.media !== 'object',
    );
    const pageTotal = Number(row.page_total);
    const total = row.total_result_set === null ? undefined : Number(row.total_result_set);
    const lower = range.offset;
    const upper = lower + pageTotal - 1;
    const rangeText = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
    const headers: Record<string, string> = {
      'Content-Range': `${rangeText}/${total === undefined ? '*' : total}`,
      ...preferenceApplied([prefs.count && `count=${prefs.count}`]),
    };
    if (planned.routine.isVoid) return send(res, 204, headers, undefined);
    const status = rangeStatus(lower, upper, total);
    if (status === 416) return sendRangeNotSatisfiable(res, headers, lower, total, head);
    send(
      res,
      status,
      { ...headers, 'Content-Type': contentType(accepted), ...profileHeader },
      head ? undefined : (row.body ?? ''),
    );
  }

  return {
    async handle(req, res, path, url) {
      const arrivedAt = performance.now();
      const head = req.method === 'HEAD';
      let claims: Claims | undefined;
      try {
        const segments = path.split('/').filter(Boolean).map(safeDecode);
        const method = req.method ?? 'GET';
        // Profile headers choose the schema; only exposed schemas may be named.
        const profile = ['GET', 'HEAD'].includes(method)
          ? req.headers['accept-profile']
          : req.headers['content-profile'];
        const profileName = typeof profile === 'string' ? profile : undefined;
        if (profileName !== undefined && !EXPOSED_SCHEMAS.includes(profileName)) {
          throw restError(
            406,
            'PGRST106',
            `Invalid schema: ${profileName}`,
            null,
            `Only the following schemas are exposed: ${EXPOSED_SCHEMAS.join(', ')}`,
          );
        }
        const schema = profileName ?? EXPOSED_SCHEMAS[0];
        const profileHeader: Record<string, string> = profileName ? { 'Content-Profile': profileName } : {};

        if (segments.length === 0) {
          if (method !== 'GET' && method !== 'HEAD')
            throw restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
          claims = await authenticate(req, url);
          const cache = await schemaCache
            .get()
            .catch(() =>
              Promise.reject(
                restError(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.'),
              ),
            );
          const body = JSON.stringify(openApi(cache, schema));
          return send(
            res,
            200,
            { 'Content-Type': 'application/openapi+json; charset=utf-8' },
            head ? undefined : body,
          );
        }
        if (segments.length === 2 && segments[0] === 'rpc') {
          if (!['GET', 'HEAD', 'POST'].includes(method)) {
            throw restError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
          }
          claims = await authenticate(req, url);
          return await call(req, res, path, schema, segments[1], url, claims, profileHeader, arrivedAt);
        }
        if (segments.length !== 1) throw restError(404, 'PGRST125', 'Invalid path specified in request URL');
        const name = segments[0];
        if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) {
          throw restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
        }
        claims = await authenticate(req, url);
        const parts = parseQuery(url, false);
        if (method === 'GET' || method === 'HEAD') {
          return await read(req, res, path, schema, name, parts, claims, profileHeader, arrivedAt);
        }
        return await mutate(req, res, path, schema, name, parts, claims, profileHeader, arrivedAt);
      } catch (error) {
        if (res.headersSent) return void res.end();
        if (error instanceof RestError) return sendError(res, error, head);
        if (error instanceof PlanError) return sendError(res, new RestError(error.status, error.body), head);
        if (error instanceof QueryParamError) {
          return sendError(res, restError(400, 'PGRST100', error.message, error.details), head);
        }
        if (error instanceof HttpError) {
          const b = error.body as Partial<ErrorBody>;
          return sendError(
            res,
            restError(
              error.status,
              String(b.code ?? 'PGRST000'),
              String(b.message ?? 'Error'),
              b.details ?? null,
              b.hint ?? null,
            ),
            head,
          );
        }
        throw error;
      }
    },
    async close() {
      await schemaCache.close();
    },
  };
}

function planError(status: number, code: string, message: string): PlanError {
  return new PlanError(status, { code, message, details: null, hint: null });
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** A SQL string literal of a name that comes from the catalog (column names). */
function literal(s: string): string {
  const cut = s.indexOf('\0');
  const clean = cut >= 0 ? s.slice(0, cut) : s;
  const escaped = `'${clean.replace(/'/g, "''")}'`;
  return clean.includes('\\') ? `E${escaped.replace(/\\/g, '\\\\')}` : escaped;
}

/** PostgREST's function lookup by name and argument names (findProc). */
function findRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  argKeys: string[],
  isPost: boolean,
): Routine {
  const candidates = cache.routines.get(`${schema}.${name}`) ?? [];
  const keys = new Set(argKeys);
  const matches: Routine[] = [];
  const fallbacks: Routine[] = [];
  for (const r of candidates) {
    const required = r.params.filter((p) => p.required).map((p) => p.name);
    const optional = new Set(r.params.filter((p) => !p.required).map((p) => p.name));
    let ok: boolean;
    if (r.params.length === 0) ok = keys.size === 0;
    else {
      const rest = [...keys].filter((k) => !optional.has(k));
      ok = rest.length === required.length && required.every((k) => keys.has(k));
    }
    if (ok) matches.push(r);
    else if (
      isPost &&
      r.params.length === 1 &&
      r.params[0].name === '' &&
      (r.params[0].type === 'json' || r.params[0].type === 'jsonb')
    ) {
      fallbacks.push(r);
    }
  }
  if (matches.length === 1) return matches[0];
  if (matches.length === 0 && fallbacks.length === 1) return fallbacks[0];
  if (matches.length > 1 || fallbacks.length > 1) {
    const list = (matches.length ? matches : fallbacks)
      .map((r) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`)
      .join(', ');
    throw new PlanError(300, {
      code: 'PGRST203',
      message: `Could not choose the best candidate function between: ${list}`,
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
  }
  const sorted = [...argKeys].sort();
  const func = `${schema}.${name}`;
  const withParams = sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`;
  const detailParams =
    sorted.length === 0
      ? ' without parameters'
      : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`;
  let hint: string | null = null;
  if (candidates.length) {
    const best = candidates[0];
    hint = `Perhaps you meant to call the function ${func}(${best.params
      .map((p) => p.name)
      .sort()
      .join(', ')})`;
  } else {
    const names = [...cache.routines.keys()]
      .filter((k) => k.startsWith(`${schema}.`))
      .map((k) => k.slice(schema.length + 1));
    const suggestion = closest(name, names);
    if (suggestion) hint = `Perhaps you meant to call the function ${schema}.${suggestion}`;
  }
  throw new PlanError(
    404,
    {
      code: 'PGRST202',
      message: `Could not find the function ${func}${withParams} in the schema cache`,
      details: `Searched for the function ${func}${detailParams}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
      hint,
    },
    true,
  );
}

/** The closest name by edit distance, if it is reasonably close (PostgREST's fuzzy hint). */
function closest(name: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    const d = editDistance(name.toLowerCase(), c.toLowerCase());
    if (d < bestScore) {
      bestScore = d;
      best = c;
    }
  }
  if (best === undefined) return undefined;
  return bestScore <= Math.max(2, Math.floor(Math.max(name.length, best.length) / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}

/** A small OpenAPI description of the exposed schema (what GET /rest/v1/ answers). */
function openApi(cache: SchemaCache, schema: string) {
  const paths: Record<string, unknown> = { '/': { get: { produces: ['application/openapi+json'] } } };
  const definitions: Record<string, unknown> = {};
  for (const t of cache.tables.values()) {
    if (t.schema !== schema) continue;
    paths[`/${t.name}`] = { get: {}, ...(t.isView ? {} : { post: {}, patch: {}, delete: {} }) };
    definitions[t.name] = {
      type: 'object',
      required: [...t.columns.values()].filter((c) => !c.nullable && c.default === null).map((c) => c.name),
      properties: Object.fromEntries([...t.columns.values()].map((c) => [c.name, { format: c.type }])),
    };
  }
  for (const [key, routines] of cache.routines) {
    if (!key.startsWith(`${schema}.`)) continue;
    paths[`/rpc/${routines[0].name}`] = { post: {} };
  }
  return {
    swagger: '2.0',
    info: { title: 'PostgREST API', description: 'Local stand-in for the Supabase REST API', version: '13' },
    host: '',
    basePath: '/',
    schemes: ['http'],
    consumes: ['application/json'],
    produces: ['application/json'],
    paths,
    definitions,
  };
}

/** PostgREST's status for a page of rows: 416 past the end, 206 for part of a counted set, else 200. */
function rangeStatus(lower: number, upper: number, total: number | undefined): 200 | 206 | 416 {
  if (total === undefined) return 200;
  if (lower > total) return 416;
  return 1 + upper - lower < total ? 206 : 200;
}

function sendRangeNotSatisfiable(
  res: ServerResponse,
  headers: Record<string, string>,
  lower: number,
  total: number | undefined,
  head: boolean,
) {
  const body = JSON.stringify({
    code: 'PGRST103',
    details: `An offset of ${lower} was requested, but there are only ${total} rows.`,
    hint: null,
    message: 'Requested range not satisfiable',
  });
  send(res, 416, { ...headers, 'Content-Type': 'application/json; charset=utf-8' }, head ? undefined : body);
}

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | undefined,
) {
  const length = body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) };
  res.writeHead(status, { ...CORS_HEADERS, ...headers, ...length });
  res.end(body);
}
