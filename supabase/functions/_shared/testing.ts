/** Helpers for the functions' Deno tests: requests as the site sends them, and test data. */
import type { CapDecision, MailCaps, SendRequest } from './caps.ts';
import type { NotificationStore } from './claim.ts';
import type { Logger } from './http.ts';
import { memoryMailer } from './mailer.ts';

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

/** A name that tries to write lines of its own into an email's text (as a lead's name once did). */
export const LINE_BREAKING_NAME = 'Eve\r\nATTENDEE:mailto:m@evil.test\r\n\tBcc: m@evil.test\u0085\u2028X';
/** That name as the text part shows it: on one line. */
export const NAME_ON_ONE_LINE = 'Eve ATTENDEE:mailto:m@evil.test Bcc: m@evil.test X';

/** Asserts the text part shows LINE_BREAKING_NAME on one line, and no line of the text comes from it. */
export function assertNameOnOneLine(text: string): void {
  if (!text.includes(NAME_ON_ONE_LINE)) throw new Error(`the name is not on one line in:\n${text}`);
  const broken = /\r|\t|\u0085|\u2028|^(ATTENDEE|Bcc|X)\b/m.exec(text);
  if (broken) throw new Error(`the name broke a line (${JSON.stringify(broken[0])}) in:\n${text}`);
}

let counter = 0;
export function uniqueEmail(prefix = 'parent'): string {
  counter += 1;
  return `${prefix}.${counter}@example.com`;
}

/** The fixed clock of the functions' tests, and times relative to it. */
export const NOW = new Date('2026-03-01T12:00:00Z');
export const minutesAgo = (minutes: number): Date => new Date(NOW.getTime() - minutes * 60_000);

export const TEAM = 'team@ploom.local';

/**
 * Sending caps in memory: records every reservation, and refuses those `refuse` returns a reason
 * for (by default none).
 */
export function memoryCaps(refuse: (request: SendRequest) => string | undefined = () => undefined) {
  const reserved: SendRequest[] = [];
  const caps: MailCaps & { reserved: SendRequest[] } = {
    reserved,
    reserve(request): Promise<CapDecision> {
      const reason = refuse(request);
      if (reason !== undefined) return Promise.resolve({ allowed: false, reason, retryAfterSeconds: 1200 });
      reserved.push(request);
      return Promise.resolve({ allowed: true });
    },
  };
  return caps;
}

/**
 * What every mailing handler gets in a test: an in-memory mailer, logger and sending caps, and the
 * fixed clock.
 */
export function mailingDeps(
  failFor: (to: string) => boolean = () => false,
  refuse?: (request: SendRequest) => string | undefined,
) {
  return {
    mailer: memoryMailer({ failFor: (message) => failFor(message.to) }),
    caps: memoryCaps(refuse),
    logger: memoryLogger(),
    now: () => NOW,
  };
}

/** A saved form row: what claimRecentRows matches on. */
export interface ClaimableRow {
  id: string;
  email: string;
  created_at: Date;
}

/**
 * A table in memory with the same claim rule as claimRecentRows (_shared/supabase.ts): the rows
 * with this email (any letter case) created after `since` whose `flag` is not set get it set,
 * and are returned newest first; release unsets it again.
 */
export function memoryClaims<F extends string, R extends ClaimableRow & Record<F, Date | null>>(
  rows: R[],
  flag: F,
) {
  return {
    claim(email: string, since: Date): R[] {
      const claimed = rows
        .filter(
          (r) => r.email.toLowerCase() === email.toLowerCase() && r.created_at >= since && r[flag] === null,
        )
        .sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
      for (const row of claimed) (row as Record<F, Date | null>)[flag] = NOW;
      return claimed;
    },
    release(ids: string[]): void {
      for (const row of rows) if (ids.includes(row.id)) (row as Record<F, Date | null>)[flag] = null;
    },
  };
}

/** A saved row in memory: the database row with real dates, and the claim flag. */
export type MemoryRow<Row extends { created_at: string }> = Omit<Row, 'created_at'> & {
  created_at: Date;
  notified_at: Date | null;
};

/** notificationStore (_shared/supabase.ts) over rows in memory. */
export function memoryNotificationStore<Row extends { id: string; email: string; created_at: string }, T>(
  rows: MemoryRow<Row>[],
  fromRow: (row: Row) => T,
): NotificationStore<T> {
  const table = memoryClaims(rows, 'notified_at');
  return {
    claimNotification: (email, since) =>
      Promise.resolve(
        table
          .claim(email, since)
          // TypeScript cannot see that Omit<Row, 'created_at'> plus created_at is a Row again.
          .map((r) => fromRow({ ...r, created_at: r.created_at.toISOString() } as unknown as Row)),
      ),
    releaseNotification: (ids) => Promise.resolve(table.release(ids)),
  };
}
