import { consoleLogger, HttpError, json, withHttp, type Handler, type Logger } from '../_shared/http.ts';
import { NOTHING_TO_SEND, recentSince } from '../_shared/leads.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { emailField, parsePayload, readJsonObject, requiredText, z } from '../_shared/validation.ts';
import { senderReceiptEmail, teamContactEmail, TOPIC_LABELS, type Topic } from './email.ts';

const topics = Object.keys(TOPIC_LABELS) as [Topic, ...Topic[]];

/** The contact form as the site sends it; the rules mirror the contact_messages constraints. */
export const contactPayloadSchema = z.object({
  name: requiredText(100),
  email: emailField,
  topic: z.enum(topics, { errorMap: () => ({ message: `must be one of ${topics.join(', ')}` }) }),
  message: requiredText(5000).refine((v) => v.length >= 10, 'must be at least 10 characters'),
});

export interface StoredMessage {
  id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  createdAt: string;
}

export interface ContactStore {
  /**
   * Atomically stamps `notified_at` on the contact_messages rows with this email (any letter
   * case) created after `since` and not yet notified; returns them newest first.
   */
  claimNotification(email: string, since: Date): Promise<StoredMessage[]>;
  releaseNotification(ids: string[]): Promise<void>;
}

/**
 * After a contact message is saved: the team's notification (one per message, with its text)
 * and one receipt to the sender. Only for messages saved in the last minutes.
 */
export function createHandler(deps: {
  store: ContactStore;
  mailer: Mailer;
  teamEmail: string | undefined;
  now?: () => Date;
  logger?: Logger;
}): Handler {
  const logger = deps.logger ?? consoleLogger;
  return withHttp(
    ['POST'],
    async (req) => {
      const payload = parsePayload(contactPayloadSchema, await readJsonObject(req));
      const teamEmail = deps.teamEmail;
      if (!teamEmail) throw new Error('TEAM_EMAIL is not set');
      const stored = await deps.store.claimNotification(payload.email, recentSince(deps.now?.()));
      if (stored.length === 0) return json(202, NOTHING_TO_SEND);
      // The saved rows are the truth: each one the team has not seen yet is forwarded.
      const messages = stored.map((row) => ({
        name: row.name,
        email: row.email,
        topic: (row.topic in TOPIC_LABELS ? row.topic : 'other') as Topic,
        message: row.message,
        receivedAt: new Date(row.createdAt),
      }));
      const results = await Promise.allSettled([
        ...messages.map((message) => deps.mailer.send(teamContactEmail(message, { to: teamEmail }))),
        deps.mailer.send(senderReceiptEmail(messages[0])),
      ]);
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      for (const failure of failed) logger.error('contact email failed:', failure.reason);
      if (failed.length === results.length) {
        await deps.store.releaseNotification(stored.map((row) => row.id));
        throw new HttpError(502, 'The emails could not be sent; please try again later');
      }
      return json(200, { sent: true });
    },
    logger,
  );
}
