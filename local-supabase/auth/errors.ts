import type { IncomingMessage, ServerResponse } from 'node:http';
import { CORS_HEADERS } from '../http.ts';

/**
 * GoTrue's error answers. A client that sends `X-Supabase-Api-Version: 2024-01-01` (auth-js does)
 * gets `{code: "<error code>", message}` and the header echoed back; an older client gets the legacy
 * `{code: <status>, error_code, msg}`. auth-js reads the code from either and the text from
 * `msg`/`message`, so `error.code` and `error.message` come out the same in both.
 */
export class AuthError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    /** extra fields of the body, e.g. `weak_password: {reasons}` */
    public extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthError(429, code, message);
export const unexpectedFailure = (message: string) => new AuthError(500, 'unexpected_failure', message);

export const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = Date.parse('2024-01-01T00:00:00Z');

/** The API version the request asked for: '2024-01-01' or later dates, else undefined (initial). */
export function requestedApiVersion(req: IncomingMessage): string | undefined {
  const raw = req.headers[API_VERSION_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const time = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(time) || time < API_VERSION_2024) return undefined;
  // The closest known version not after the requested one: only 2024-01-01 exists.
  return '2024-01-01';
}

export function sendAuthError(req: IncomingMessage, res: ServerResponse, error: AuthError) {
  const version = requestedApiVersion(req);
  const body =
    version !== undefined
      ? { code: error.code, message: error.message, ...error.extra }
      : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  const payload = JSON.stringify(body);
  res.writeHead(error.status, {
    ...CORS_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'x-sb-error-code': error.code,
    ...(version ? { 'X-Supabase-Api-Version': version } : {}),
  });
  res.end(payload);
}
