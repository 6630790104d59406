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

/**
 * How much of an oversize body is read and thrown away after the 413, so the keep-alive
 * connection stays usable for the next request. Past this the connection is closed instead.
 */
export const MAX_DISCARDED_BYTES = 16 * 1024 * 1024;

export class HttpError extends Error {
  constructor(
    public status: number,
    public body: Record<string, unknown>,
    public headers: Record<string, string> = {},
  ) {
    super(String(body.message ?? body.msg ?? status));
  }
}

/**
 * The request body, or a 413 when it is larger than `limit`. An oversize body is not left
 * half-read on the connection: the rest is read and discarded (up to MAX_DISCARDED_BYTES), so the
 * client's next request on the same keep-alive connection starts on a clean stream; a body declared
 * larger than that gets `Connection: close`, and the connection is closed once the answer is sent.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const tooLarge = (close: boolean) =>
    new HttpError(
      413,
      { code: 'PGRST413', message: 'Payload Too Large' },
      close ? { Connection: 'close' } : {},
    );
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    const close = declared > limit + MAX_DISCARDED_BYTES;
    if (!close) discardRest(req, 0);
    return Promise.reject(tooLarge(close));
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      cleanup();
      discardRest(req, size);
      reject(tooLarge(false));
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** Reads the rest of a request and drops it; closes the connection if there is too much. */
function discardRest(req: IncomingMessage, alreadyRead: number) {
  let discarded = alreadyRead;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARDED_BYTES) req.socket.destroy();
  });
  req.resume();
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
