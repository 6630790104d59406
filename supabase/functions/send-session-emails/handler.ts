import type { Handler, Logger } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { createOutboxHandler, outboxPayloadSchema, type OutboxStore } from '../_shared/outbox.ts';
import { sessionEmail, type SessionEmail } from './email.ts';

export const payloadSchema = outboxPayloadSchema;

/** A claimed email: `current` is false for a reminder whose session was moved or cancelled since. */
export interface ClaimedEmail extends SessionEmail {
  id: number;
  current: boolean;
}

export type SessionEmailStore = OutboxStore<ClaimedEmail>;

/**
 * Delivers the queued session emails (public.outbox, kind session_email): woken by the database through pg_net
 * after a booking change and each minute while anything is queued. The payload carries no data,
 * only an optional batch size, so a caller can make it deliver what is queued and nothing else.
 * Only the database calls it, with the service role key (private.job_settings): any other caller,
 * the anon key included, is refused (401/403) before anything is claimed.
 * Answers 200 with how many were sent, skipped and left to retry.
 */
export function createHandler(deps: {
  store: SessionEmailStore;
  mailer: Mailer;
  siteUrl: string;
  /** the project's service role key: the one caller allowed */
  serviceRoleKey: string;
  /** the sender's address, the ORGANIZER of the .ics */
  organizerEmail?: string;
  logger?: Logger;
}): Handler {
  return createOutboxHandler({
    ...deps,
    render: (item) => sessionEmail(item, deps.siteUrl, deps.organizerEmail),
    label: 'session email',
    staleReason: 'the session changed before the reminder was sent',
  });
}
