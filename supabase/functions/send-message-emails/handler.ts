import { consoleLogger, json, withHttp, type Handler, type Logger } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { requireServiceRole } from '../_shared/service-caller.ts';
import { parsePayload, readJsonObject, z } from '../_shared/validation.ts';
import { messageEmail, type MessageEmail } from './email.ts';

export const payloadSchema = z
  .object({
    limit: z
      .number({ invalid_type_error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(200, 'must be at most 200')
      .optional(),
  })
  .strict();

/** A claimed email: `current` is false once the member has read the conversation since. */
export interface ClaimedMessageEmail extends MessageEmail {
  id: number;
  current: boolean;
}

export interface MessageEmailStore {
  claim(limit: number): Promise<ClaimedMessageEmail[]>;
  settle(id: number, result: 'sent' | 'skipped' | 'retry', error?: string): Promise<void>;
}

/**
 * Delivers the queued "a message waits for you" emails (public.family_message_emails), woken by the
 * database through pg_net. Only the database calls it, with the service role key: any other caller
 * is refused (401/403) before anything is claimed. Answers 200 with how many were sent, skipped
 * (read meanwhile) and left to retry.
 */
export function createHandler(deps: {
  store: MessageEmailStore;
  mailer: Mailer;
  siteUrl: string;
  serviceRoleKey: string;
  logger?: Logger;
}): Handler {
  const logger = deps.logger ?? consoleLogger;
  return withHttp(
    ['POST'],
    async (req) => {
      requireServiceRole(req, deps.serviceRoleKey);
      const { limit = 50 } = parsePayload(payloadSchema, await readJsonObject(req));
      const claimed = await deps.store.claim(limit);
      const counts = { sent: 0, skipped: 0, retry: 0 };
      await Promise.all(
        claimed.map(async (email) => {
          if (!email.current) {
            await deps.store.settle(email.id, 'skipped', 'read before the email went out');
            counts.skipped += 1;
            return;
          }
          try {
            await deps.mailer.send(messageEmail(email, deps.siteUrl));
          } catch (error) {
            logger.error(`message email ${email.id} failed:`, error);
            await deps.store.settle(email.id, 'retry', (error as Error).message ?? String(error));
            counts.retry += 1;
            return;
          }
          await deps.store.settle(email.id, 'sent');
          counts.sent += 1;
        }),
      );
      return json(200, counts);
    },
    logger,
  );
}
