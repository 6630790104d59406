import { z } from 'npm:zod@3.25.76';
import { HttpError } from './http.ts';

export { z };

/**
 * Reads the body as text, refusing more than `maxBytes` (413) whatever Content-Length claims.
 * Works the same for a fetch with application/json and a beacon's text/plain Blob.
 */
export async function readText(req: Request, maxBytes: number): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new HttpError(413, `Body larger than ${maxBytes} bytes`);
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, `Body larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'Body is not valid UTF-8');
  }
}

/** Parses a JSON object body, whatever the Content-Type; 400 when it is missing or malformed. */
export async function readJsonObject(req: Request, maxBytes = 16 * 1024): Promise<Record<string, unknown>> {
  const text = await readText(req, maxBytes);
  if (text.trim() === '') throw new HttpError(400, 'Body must be a JSON object');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'Body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

/** The first problem, as `field: message`, for the 400 answer. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid payload';
  const where = issue.path.join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** Validates a payload against a schema: the parsed value, or a 400 with the reason. */
export function parsePayload<S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, describeIssue(result.error));
  return result.data;
}

/** Text the form may leave blank: trimmed; blank, null or absent become undefined. */
export const optionalText = (max: number) =>
  z
    .string({ invalid_type_error: 'must be a string' })
    .nullish()
    .transform((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined))
    .refine((v) => v === undefined || v.length <= max, `must be at most ${max} characters`);

export const requiredText = (max: number) =>
  z
    .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

export const emailField = z
  .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
  .trim()
  .max(254, 'must be at most 254 characters')
  .email('must be a valid email address');
