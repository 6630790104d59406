import type { ServerResponse } from 'node:http';
import { CORS_HEADERS, HttpError } from '../http.ts';

/**
 * PostgREST's error answers: `{code, details, hint, message}` with its status for each code, and
 * the mapping of a Postgres error (SQLSTATE) to an HTTP status. Every failure of a request, from
 * parsing to execution, is an ApiError; `respondError` is the one place that writes it.
 */

export interface ErrorBody {
  code: string;
  details: unknown;
  hint: unknown;
  message: string;
}

export class ApiError extends Error {
  constructor(
    public status: number,
    public body: ErrorBody,
    public headers: Record<string, string> = {},
    /** true when a newer schema cache might answer the request (unknown table, column, function) */
    public cacheMiss = false,
  ) {
    super(body.message);
  }
}

export const apiError = (
  status: number,
  code: string,
  message: string,
  details: unknown = null,
  hint: unknown = null,
  headers: Record<string, string> = {},
) => new ApiError(status, { code, details, hint, message }, headers);

/** A name the schema cache does not know (yet): a fresher cache may find it. */
export const cacheMissError = (
  status: number,
  code: string,
  message: string,
  details: unknown,
  hint: unknown,
) => new ApiError(status, { code, details, hint, message }, {}, true);

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

export interface PgLikeError {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(error: unknown): error is PgLikeError & Error {
  return (
    error instanceof Error &&
    typeof (error as PgLikeError).code === 'string' &&
    'severity' in (error as object)
  );
}

/** The answer for an error Postgres raised while running the request's statement. */
export function fromPgError(error: PgLikeError, authenticated: boolean): ApiError {
  const code = error.code ?? 'XX000';
  if (code === 'PGRST') {
    // RAISE SQLSTATE 'PGRST' with a JSON message and details: full control of the response.
    try {
      const msg = JSON.parse(error.message) as Partial<ErrorBody>;
      const det = JSON.parse(error.detail ?? '') as { status: number; headers?: Record<string, string> };
      return new ApiError(
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
      return apiError(
        500,
        'PGRST121',
        'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
        `Invalid JSON value for MESSAGE: '${error.message}'`,
        "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
      );
    }
  }
  const status = pgErrorStatus(code, error.message, authenticated);
  return new ApiError(
    status,
    { code, details: error.detail ?? null, hint: error.hint ?? null, message: error.message },
    status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
  );
}

/** An error from a shared helper (body reading) in PostgREST's shape; undefined for a bug. */
function fromHttpError(error: HttpError): ApiError {
  const b = error.body as Partial<ErrorBody>;
  return apiError(
    error.status,
    String(b.code ?? 'PGRST000'),
    String(b.message ?? 'Error'),
    b.details ?? null,
    b.hint ?? null,
    error.headers,
  );
}

export function respondError(res: ServerResponse, error: ApiError | HttpError, head = false) {
  const e = error instanceof HttpError ? fromHttpError(error) : error;
  const { code, details, hint, message } = e.body;
  res.writeHead(e.status, {
    ...CORS_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Proxy-Status': `PostgREST; error=${code}`,
    ...e.headers,
  });
  res.end(head ? undefined : JSON.stringify({ code, details, hint, message }));
}
