/** Helpers for the functions' Deno tests: requests as the site sends them, and test data. */
import type { Logger } from './http.ts';

export const FUNCTION_URL = 'http://127.0.0.1:54321/functions/v1/test';

/** A JSON POST as supabase.functions.invoke sends it. */
export function jsonRequest(body: unknown, init: RequestInit = {}): Request {
  return new Request(FUNCTION_URL, {
    method: 'POST',
    ...init,
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer anon', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** What navigator.sendBeacon sends: a Blob body with its type as Content-Type, no other headers. */
export function beaconRequest(body: unknown, type = 'text/plain;charset=UTF-8', url = FUNCTION_URL): Request {
  const blob = new Blob([typeof body === 'string' ? body : JSON.stringify(body)], { type });
  return new Request(url, { method: 'POST', body: blob });
}

/** A logger that keeps what was logged, so tests stay quiet and can assert on failures. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    error(message, error) {
      lines.push(`${message} ${error instanceof Error ? error.message : String(error ?? '')}`);
    },
  };
}

export const XSS = '<script>alert(1)</script>';

let counter = 0;
export function uniqueEmail(prefix = 'parent'): string {
  counter += 1;
  return `${prefix}.${counter}@example.com`;
}
