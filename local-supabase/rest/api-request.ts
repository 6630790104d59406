import type { IncomingMessage } from 'node:http';
import { readBody } from '../http.ts';
import { apiError } from './errors.ts';
import { negotiate, parsePreferences, type Accepted, type Preferences } from './preferences.ts';
import { parseQueryParams, topLevelRange, type QueryParams, type Range } from './query-params.ts';

/**
 * Everything the rest of the pipeline needs from an HTTP request, read once (PostgREST's
 * `ApiRequest`): what is addressed (the OpenAPI root, a table or view, a function), in which
 * schema, the query string, the preferences, the accepted media type, the range and the body.
 * Nothing here looks at the schema cache or the database.
 */

export type Target =
  { kind: 'openapi' } | { kind: 'relation'; name: string } | { kind: 'routine'; name: string };

export type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';

/** The request's route, known before authentication (PostgREST checks these first too). */
export interface Route {
  method: Method;
  target: Target;
  schema: string;
  /** `Content-Profile` echoed back when a profile header chose the schema */
  profileHeader: Record<string, string>;
}

export interface Payload {
  /** the JSON text handed to Postgres */
  raw: string;
  isObject: boolean;
  keys: string[];
}

export interface ApiRequest extends Route {
  /** the path below /rest/v1, for `request.path` */
  path: string;
  params: QueryParams;
  preferences: Preferences;
  accepted: Accepted;
  range: Range;
  payload?: Payload;
  /** the request's headers (cookies apart) and cookies, for `request.headers`/`request.cookies` */
  headers: Record<string, string>;
  cookies: Record<string, string>;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function resolveRoute(req: IncomingMessage, path: string, exposed: string[]): Route {
  const segments = path.split('/').filter(Boolean).map(safeDecode);
  const method = req.method ?? 'GET';
  // Profile headers choose the schema; only exposed schemas may be named.
  const profile = ['GET', 'HEAD'].includes(method)
    ? req.headers['accept-profile']
    : req.headers['content-profile'];
  const profileName = typeof profile === 'string' ? profile : undefined;
  if (profileName !== undefined && !exposed.includes(profileName)) {
    throw apiError(
      406,
      'PGRST106',
      `Invalid schema: ${profileName}`,
      null,
      `Only the following schemas are exposed: ${exposed.join(', ')}`,
    );
  }
  const schema = profileName ?? exposed[0];
  const profileHeader: Record<string, string> = profileName ? { 'Content-Profile': profileName } : {};

  if (segments.length === 0) {
    if (method !== 'GET' && method !== 'HEAD')
      throw apiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    return { method, target: { kind: 'openapi' }, schema, profileHeader };
  }
  if (segments.length === 2 && segments[0] === 'rpc') {
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      throw apiError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
    }
    return { method, target: { kind: 'routine', name: segments[1] }, schema, profileHeader };
  }
  if (segments.length !== 1) throw apiError(404, 'PGRST125', 'Invalid path specified in request URL');
  if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) {
    throw apiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }
  return { method: method as Method, target: { kind: 'relation', name: segments[0] }, schema, profileHeader };
}

/** Reads the rest of the request: query string, preferences, media type, range, body. */
export async function readApiRequest(
  req: IncomingMessage,
  url: URL,
  path: string,
  route: Route,
): Promise<ApiRequest> {
  const isRead = route.method === 'GET' || route.method === 'HEAD';
  const isRoutine = route.target.kind === 'routine';
  const params = parseQueryParams(url, isRoutine && isRead);
  const preferences = parsePreferences(req);
  const accepted = negotiate(req);
  // Mutations on a table take no range (PostgREST ignores limit/offset there).
  const range = isRead || isRoutine ? topLevelRange(req, params) : { offset: 0 };
  const payload =
    isRead || route.method === 'DELETE' ? undefined : await readPayload(req, params.columns, isRoutine);
  const { headers, cookies } = headersAndCookies(req);
  return { ...route, path, params, preferences, accepted, range, payload, headers, cookies };
}

function headersAndCookies(req: IncomingMessage) {
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
  return { headers, cookies };
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
    throw apiError(400, 'PGRST102', `Content-Type not acceptable: ${type}`);
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
      throw apiError(400, 'PGRST102', 'Empty or invalid json');
    }
  }
  if (Array.isArray(json)) {
    if (json.length === 0) return { raw: '[]', isObject: false, keys: [] };
    const first = json[0];
    if (first === null || typeof first !== 'object' || Array.isArray(first)) {
      throw apiError(400, 'PGRST102', 'All object keys must match');
    }
    const keys = Object.keys(first).sort();
    const uniform = json.every((row: unknown) => {
      if (row === null || typeof row !== 'object' || Array.isArray(row)) return false;
      const k = Object.keys(row).sort();
      return k.length === keys.length && k.every((x, i) => x === keys[i]);
    });
    if (!uniform) throw apiError(400, 'PGRST102', 'All object keys must match');
    return { raw: text, isObject: false, keys: Object.keys(first) };
  }
  if (json !== null && typeof json === 'object')
    return { raw: text, isObject: true, keys: Object.keys(json) };
  return { raw: '[]', isObject: false, keys: [] };
}
