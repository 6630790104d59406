import { mailingHandler, type MailingDeps, type NotificationStore } from '../_shared/claim.ts';
import type { Handler } from '../_shared/http.ts';
import type { TeamSettingsReader } from '../_shared/team-settings.ts';
import { emailField, requiredText, z } from '../_shared/validation.ts';
import { senderReceiptEmail, teamContactEmail, TOPIC_LABELS, type Topic } from './email.ts';

const topics = Object.keys(TOPIC_LABELS) as [Topic, ...Topic[]];

/** The contact form as the site sends it; the rules mirror the contact_messages constraints. */
export const contactPayloadSchema = z.object({
  name: requiredText(100),
  email: emailField,
  topic: z.enum(topics, { errorMap: () => ({ message: `must be one of ${topics.join(', ')}` }) }),
  message: requiredText(5000).refine((v) => v.length >= 10, 'must be at least 10 characters'),
});

/** A contact_messages row as the function reads it. */
export interface ContactMessageRow {
  id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  created_at: string;
}

export interface StoredMessage {
  id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  createdAt: string;
}

export const CONTACT_COLUMNS = 'id, name, email, topic, message, created_at';

export function storedMessage(row: ContactMessageRow): StoredMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    topic: row.topic,
    message: row.message,
    createdAt: row.created_at,
  };
}

/** contact_messages, claimed through `notified_at`. */
export type ContactStore = NotificationStore<StoredMessage>;

/**
 * After a contact message is saved: the team's notification (one per message, with its text)
 * and one receipt to the sender. Only for messages saved in the last minutes.
 */
export function createHandler(
  deps: MailingDeps & {
    store: ContactStore;
    /** where the team's notifications go and the reply time promised (app_settings) */
    teamSettings: TeamSettingsReader;
    /** the team's IANA time zone, for when a message was received (TEAM_TIME_ZONE) */
    teamTimeZone?: string;
  },
): Handler {
  return mailingHandler('send-contact-notification', contactPayloadSchema, deps, (payload) => {
    return {
      recipient: payload.email,
      claim: (since) => deps.store.claimNotification(payload.email, since),
      async emails(stored) {
        const { teamEmail, replyWithinHours } = await deps.teamSettings();
        // The saved rows are the truth: each one the team has not seen yet is forwarded.
        const messages = stored.map((row) => ({
          name: row.name,
          email: row.email,
          topic: (row.topic in TOPIC_LABELS ? row.topic : 'other') as Topic,
          message: row.message,
          receivedAt: new Date(row.createdAt),
        }));
        const failure = 'contact email failed:';
        return [
          ...messages.map((message) => ({
            message: teamContactEmail(message, {
              to: teamEmail,
              replyWithinHours,
              teamTimeZone: deps.teamTimeZone,
            }),
            failure,
          })),
          { message: senderReceiptEmail(messages[0], { replyWithinHours }), failure },
        ];
      },
      release: (stored) => deps.store.releaseNotification(stored.map((row) => row.id)),
    };
  });
}
