import http, { type IncomingMessage } from 'node:http';
import type { HttpService, UpgradeService, StackContext } from './types.ts';
import { ANON_KEY, SERVICE_ROLE_KEY } from './config.ts';
import { CORS_HEADERS, HttpError, sendJson } from './http.ts';
import { jwks, verifyJwt } from './jwt.ts';

/**
 * The API gateway, routing as Supabase's does: /rest/v1, /auth/v1, /realtime/v1, /functions/v1.
 *
 * Like Supabase's gateway it requires the project's API key (the anon or service_role key, in the
 * `apikey` header or query parameter) on REST, Auth and Realtime: 401 "No API key found in request"
 * without one, 401 "Invalid API key" for another. The links in Auth's emails (/auth/v1/verify) and
 * OAuth's callback and authorize pages are open, as they are opened from a mail or another site.
 * Functions check no key at the gateway (a webhook sends none; each function's verify_jwt decides),
 * but a key that is given must be valid. Preflights pass. The gateway also appends the client's address
 * to X-Forwarded-For; Auth's rate limits key on that last entry (the client's own entries are not trusted).
 */
const API_KEYS = new Set([ANON_KEY, SERVICE_ROLE_KEY]);
const OPEN_AUTH_PATHS = ['/auth/v1/verify', '/auth/v1/callback', '/auth/v1/authorize'];

type KeyRule = 'required' | 'if-present' | 'open';

/**
 * `LOCAL_SUPABASE_GATEWAY_API_KEYS=cli`: no key required, as the Supabase CLI's gateway runs
 * (`supabase start`; auth-js's own suite relies on it, see docs/auth-conformance.md).
 */
const KEYS_AS_CLI = process.env.LOCAL_SUPABASE_GATEWAY_API_KEYS === 'cli';

function keyRule(pathname: string, prefix: string): KeyRule {
  if (KEYS_AS_CLI) return 'open';
  if (prefix === '/functions/v1') return 'if-present';
  if (OPEN_AUTH_PATHS.some((open) => pathname === open || pathname.startsWith(`${open}/`))) return 'open';
  return 'required';
}

function apiKeyOf(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers.apikey;
  const value = Array.isArray(header) ? header[0] : header;
  return value || url.searchParams.get('apikey') || undefined;
}

/**
 * With asymmetric signing keys configured (docs/decisions/112), the anon and service_role keys are
 * the ones the Supabase CLI signs with the project's signing key: a token of role anon or
 * service_role that the project's keys verify.
 */
async function isSignedApiKey(key: string): Promise<boolean> {
  if ((await jwks()).keys.length === 0) return false;
  try {
    const { role } = await verifyJwt(key);
    return role === 'anon' || role === 'service_role';
  } catch {
    return false;
  }
}

/** Why the request's API key is refused, or undefined when it may pass. */
export async function apiKeyProblem(
  req: IncomingMessage,
  url: URL,
  rule: KeyRule,
): Promise<string | undefined> {
  if (rule === 'open') return undefined;
  const key = apiKeyOf(req, url);
  if (key === undefined) return rule === 'required' ? 'No API key found in request' : undefined;
  return API_KEYS.has(key) || (await isSignedApiKey(key)) ? undefined : 'Invalid API key';
}

/** A key in the query string is the gateway's, not a filter: REST sees it as the header only. */
function moveQueryKeyToHeader(req: IncomingMessage, url: URL) {
  const key = url.searchParams.get('apikey');
  if (key === null) return;
  req.headers.apikey ??= key;
  url.searchParams.delete('apikey');
}

/**
 * Appends the address the request came from to X-Forwarded-For, as a proxy does: the entries before
 * it are the client's own claims, the last one is the gateway's and cannot be forged.
 */
function forwardClientAddress(req: IncomingMessage) {
  const address = req.socket.remoteAddress ?? 'unknown';
  const given = req.headers['x-forwarded-for'];
  const chain = (Array.isArray(given) ? given.join(', ') : given)?.trim();
  req.headers['x-forwarded-for'] = chain ? `${chain}, ${address}` : address;
}

export function createGateway(
  ctx: StackContext,
  services: {
    rest: HttpService;
    auth: HttpService;
    functions: HttpService;
    realtime: UpgradeService & HttpService;
  },
) {
  const routes: [string, HttpService][] = [
    ['/rest/v1', services.rest],
    ['/auth/v1', services.auth],
    ['/functions/v1', services.functions],
    ['/realtime/v1', services.realtime],
  ];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const route = routes.find(([prefix]) => url.pathname === prefix || url.pathname.startsWith(prefix + '/'));
    try {
      if (!route) {
        if (req.method === 'OPTIONS') return void res.writeHead(204, CORS_HEADERS).end();
        if (url.pathname === '/' || url.pathname === '/health') {
          return sendJson(res, 200, { status: 'ok' });
        }
        return sendJson(res, 404, { message: 'no Route matched with those values' });
      }
      const [prefix, service] = route;
      // Functions answer their own preflight; REST and Auth get the gateway's.
      if (req.method === 'OPTIONS' && prefix !== '/functions/v1') {
        return void res.writeHead(200, CORS_HEADERS).end();
      }
      if (req.method !== 'OPTIONS') {
        const problem = await apiKeyProblem(req, url, keyRule(url.pathname, prefix));
        if (problem) return sendJson(res, 401, { message: problem });
      }
      forwardClientAddress(req);
      if (prefix === '/rest/v1') moveQueryKeyToHeader(req, url);
      await service.handle(req, res, url.pathname.slice(prefix.length) || '/', url);
    } catch (error) {
      if (res.headersSent) return void res.end();
      if (error instanceof HttpError) return sendJson(res, error.status, error.body);
      ctx.log('gateway', `${req.method} ${url.pathname}: ${(error as Error).stack ?? String(error)}`);
      sendJson(res, 500, { code: 'unexpected_failure', message: 'Internal server error' });
    }
  });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith('/realtime/v1/websocket')) return void socket.destroy();
    // The socket needs a key; Realtime itself checks it, and answers a bad one on each channel.
    if (!apiKeyOf(req, url)) {
      const body = JSON.stringify({ message: 'No API key found in request' });
      return void socket.end(
        `HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    forwardClientAddress(req);
    services.realtime.handleUpgrade(req, socket, head);
  });
  // Kong's keep-alive (60 s), not Node's 5 s: a client that pauses a few seconds (a test runner
  // compiling its next file) would otherwise reuse a socket the gateway has just closed.
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;
  return server;
}
