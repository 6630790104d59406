import { consoleLogger, json, withHttp, type Handler, type Logger } from './http.ts';
import type { EmailMessage, Mailer } from './mailer.ts';
import { requireServiceRole } from './service-caller.ts';
import { parsePayload, readJsonObject, z } from './validation.ts';

/**
 * The emails the database queues in its one outbox (public.outbox: session emails, intro-call
 * emails, check-in invitations, message emails, family notices) and wakes a sender for through
 * pg_net. Each sender is this one handler with its own kind (claimed through public.claim_outbox,
 * settled through public.settle_outbox) and its own email (docs/decisions/233-one-outbox.md).
 */

/** The outbox's kinds: each is delivered by one sender. */
export type OutboxKind =
  'session_email' | 'intro_call_email' | 'check_in_invitation' | 'message_email' | 'family_notice';

/** The payload carries no data, only an optional batch size. */
export const outboxPayloadSchema = z
  .object({
    limit: z
      .number({ invalid_type_error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(200, 'must be at most 200')
      .optional(),
  })
  .strict();

/** A claimed row: `current` is false once what it tells of has changed (it is skipped). */
export interface OutboxItem {
  id: number;
  current: boolean;
}

export interface OutboxStore<T extends OutboxItem> {
  /** Claims queued rows (atomically: a second caller gets others or none). */
  claim(limit: number): Promise<T[]>;
  settle(id: number, result: 'sent' | 'skipped' | 'retry', error?: string): Promise<void>;
}

/**
 * Delivers what the outbox holds. Only the database calls it, with the service role key
 * (private.job_settings): any other caller, the anon key included, is refused (401/403) before
 * anything is claimed. A failed delivery is left to retry; a row no longer current is skipped with
 * `staleReason`. Answers 200 with how many were sent, skipped and left to retry.
 */
export function createOutboxHandler<T extends OutboxItem>(deps: {
  store: OutboxStore<T>;
  mailer: Mailer;
  /** the project's service role key: the one caller allowed */
  serviceRoleKey: string;
  /** the email of one row */
  render: (item: T) => EmailMessage;
  /** what a row is, in the log ("session email") */
  label: string;
  staleReason: string;
  logger?: Logger;
}): Handler {
  const logger = deps.logger ?? consoleLogger;
  return withHttp(
    ['POST'],
    async (req) => {
      requireServiceRole(req, deps.serviceRoleKey);
      const { limit = 50 } = parsePayload(outboxPayloadSchema, await readJsonObject(req));
      const claimed = await deps.store.claim(limit);
      const counts = { sent: 0, skipped: 0, retry: 0 };
      await Promise.all(
        claimed.map(async (item) => {
          if (!item.current) {
            await deps.store.settle(item.id, 'skipped', deps.staleReason);
            counts.skipped += 1;
            return;
          }
          try {
            await deps.mailer.send(deps.render(item));
          } catch (error) {
            logger.error(`${deps.label} ${item.id} failed:`, error);
            await deps.store.settle(item.id, 'retry', (error as Error).message ?? String(error));
            counts.retry += 1;
            return;
          }
          await deps.store.settle(item.id, 'sent');
          counts.sent += 1;
        }),
      );
      return json(200, counts);
    },
    logger,
  );
}

/** A row as public.claim_outbox answers it: `letter` holds what the kind's email needs. */
export interface OutboxRow<Letter> {
  id: number;
  kind: OutboxKind;
  /** what happened (booked, reminder_1h, coach_match, ...); null for kinds with one event */
  event: string | null;
  recipient: string;
  to_email: string | null;
  current: boolean;
  letter: Letter;
}

/** What the store needs of a client: supabase-js's rpc (the service-role client). */
export interface OutboxClient {
  rpc(
    fn: string,
    args: Record<string, unknown>,
  ): PromiseLike<{ data: unknown; error: { message: string; code?: string } | null }>;
}

async function call(client: OutboxClient, fn: string, args: Record<string, unknown>): Promise<unknown> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new Error(`database: ${error.code ?? ''} ${error.message}`);
  return data;
}

/**
 * The store of one kind: claims through public.claim_outbox, settles through public.settle_outbox.
 * `toItem` turns a claimed row into what the email needs; a row without an address or a letter
 * (what it named is gone), or one `toItem` cannot read (null), is skipped with the reason, never
 * sent half-written.
 */
export function outboxStore<T extends OutboxItem, Letter>(
  client: () => OutboxClient,
  kind: OutboxKind,
  toItem: (row: OutboxRow<Letter> & { to_email: string }) => T | null,
): OutboxStore<T> {
  const store: OutboxStore<T> = {
    async claim(limit) {
      const rows = ((await call(client(), 'claim_outbox', { kinds: [kind], max_rows: limit })) ??
        []) as OutboxRow<Letter>[];
      const items: T[] = [];
      for (const row of rows) {
        const item = row.letter && row.to_email ? toItem({ ...row, to_email: row.to_email }) : null;
        if (item) items.push(item);
        else await store.settle(row.id, 'skipped', `unreadable ${kind} (${row.event ?? 'no event'})`);
      }
      return items;
    },
    async settle(id, result, error) {
      await call(client(), 'settle_outbox', { outbox_id: id, result, error: error ?? null });
    },
  };
  return store;
}
