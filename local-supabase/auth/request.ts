import type { IncomingMessage, ServerResponse } from 'node:http';
import { CORS_HEADERS, HttpError, readJson } from '../http.ts';
import { AuthError, badRequest } from './errors.ts';

/** Reading requests and writing answers the way GoTrue does. */

export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const payload = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...CORS_HEADERS,
    ...(payload ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(payload);
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  const entries = Array.isArray(value) ? value : Object.entries(value).flat();
  return entries.some((item) => containsNul(item, depth + 1));
}

export async function readBodyObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = await readJson(req);
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) {
      throw new AuthError(413, 'request_too_large', 'Request body is too large');
    }
    throw badRequest('bad_json', 'Could not parse request body as JSON');
  }
  if (parsed === undefined || parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
  }
  if (containsNul(parsed)) {
    // Postgres cannot store U+0000 in text or jsonb: refuse it here rather than fail later.
    throw badRequest(
      'bad_json',
      'Could not parse request body as JSON: text must not contain NUL characters',
    );
  }
  return parsed as Record<string, unknown>;
}

export function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${name} must be a string`);
  }
  return value;
}

export function objectField(
  body: Record<string, unknown>,
  name: string,
): Record<string, unknown> | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${name} must be an object`);
  }
  return value as Record<string, unknown>;
}

// RFC 5322's dot-atom local part, and a domain of labels (what GoTrue's checkmail accepts).
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function validateEmail(value: unknown): string {
  if (value === undefined || value === null || value === '') {
    throw badRequest('validation_failed', 'An email address is required');
  }
  if (typeof value !== 'string')
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  const email = value.trim();
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_RE.test(email))
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** bcrypt reads 72 bytes at most; GoTrue refuses longer passwords rather than cut them. */
export const MAX_PASSWORD_BYTES = 72;

export const passwordBytes = (password: string) => Buffer.byteLength(password, 'utf8');

/** GoTrue's password rules, in bytes as GoTrue counts them: at most 72; under the minimum is weak. */
export function checkPassword(value: unknown, minimumLength: number): string {
  if (typeof value !== 'string') throw badRequest('validation_failed', 'Password must be a string');
  if (passwordBytes(value) > MAX_PASSWORD_BYTES) {
    throw badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if (passwordBytes(value) < minimumLength) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${minimumLength} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  return value;
}

/**
 * user_metadata travels in every access token, and the token in every request's headers: past a
 * few kilobytes a gateway refuses the headers (431). So metadata is capped well below that.
 */
export const MAX_METADATA_BYTES = 4096;

export function checkMetadata(value: Record<string, unknown>, name = 'user_metadata') {
  const size = Buffer.byteLength(JSON.stringify(value), 'utf8');
  if (size > MAX_METADATA_BYTES) {
    throw badRequest(
      'validation_failed',
      `${name} is too large: ${size} bytes, at most ${MAX_METADATA_BYTES} bytes are allowed`,
    );
  }
  return value;
}

/** GoTrue's merge for metadata: a key set to null is removed, others are set. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
