import { consoleLogger, json, withHttp, type Handler, type Logger } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { requireServiceRole } from '../_shared/service-caller.ts';
import { parsePayload, readJsonObject, z } from '../_shared/validation.ts';
import { checkInInvitationEmail, type CheckInInvitation } from './email.ts';

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

/** A claimed invitation: `current` is false once a newer check-in was taken or the parent opted out. */
export interface ClaimedInvitation extends CheckInInvitation {
  id: number;
  current: boolean;
}

export interface InvitationStore {
  /** Claims queued invitations (atomically: a second caller gets others or none). */
  claim(limit: number): Promise<ClaimedInvitation[]>;
  settle(id: number, result: 'sent' | 'skipped' | 'retry', error?: string): Promise<void>;
}

/**
 * Delivers the queued check-in invitations (public.check_in_invitations): woken by the database
 * through pg_net when the hourly job queues some. Only the database calls it, with the service role
 * key; any other caller is refused before anything is claimed. Answers 200 with the counts.
 */
export function createHandler(deps: {
  store: InvitationStore;
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
        claimed.map(async (invitation) => {
          if (!invitation.current) {
            await deps.store.settle(
              invitation.id,
              'skipped',
              'a check-in was taken, or the parent opted out',
            );
            counts.skipped += 1;
            return;
          }
          try {
            await deps.mailer.send(checkInInvitationEmail(invitation, deps.siteUrl));
          } catch (error) {
            logger.error(`check-in invitation ${invitation.id} failed:`, error);
            await deps.store.settle(invitation.id, 'retry', (error as Error).message ?? String(error));
            counts.retry += 1;
            return;
          }
          await deps.store.settle(invitation.id, 'sent');
          counts.sent += 1;
        }),
      );
      return json(200, counts);
    },
    logger,
  );
}
