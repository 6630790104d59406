import type { IncomingMessage, ServerResponse } from 'node:http';

/** Small helpers shared by the HTTP parts of the stack. */

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile, x-supabase-api-version, accept, x-region',
  'Access-Control-Expose-Headers':
    'Content-Range, Content-Location, Preference-Applied, X-Supabase-Api-Version',
  'Access-Control-Max-Age': '86400',
};

export const MAX_BODY_BYTES = 1024 * 1024;

export class HttpError extends Error {
  constructor(
    public status: number,
    public body: Record<string, unknown>,
  ) {
    super(String(body.message ?? body.msg ?? status));
  }
}

export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, { code: 'PGRST413', message: 'Payload Too Large' });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const raw = (await readBody(req)).toString('utf8');
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, { code: 'PGRST102', message: 'Empty or invalid json' });
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const payload = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...CORS_HEADERS,
    ...(payload ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
    ...headers,
  });
  res.end(payload);
}

/** The bearer token of a request: `Authorization: Bearer …`, else the `apikey` header. */
export function bearerToken(req: IncomingMessage, url?: URL): string | undefined {
  const auth = req.headers.authorization;
  if (auth && /^bearer /i.test(auth)) return auth.slice(7).trim();
  const key = req.headers.apikey;
  if (typeof key === 'string' && key) return key;
  return url?.searchParams.get('apikey') ?? undefined;
}
