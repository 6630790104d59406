import type { Handler, Logger } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { createOutboxHandler, outboxPayloadSchema, type OutboxStore } from '../_shared/outbox.ts';
import { introCallEmail, type IntroCallEmail } from './email.ts';

export const payloadSchema = outboxPayloadSchema;

/** A claimed email: `current` is false for a reminder whose call was moved or cancelled since. */
export interface ClaimedIntroCallEmail extends IntroCallEmail {
  id: number;
  current: boolean;
}

export type IntroCallEmailStore = OutboxStore<ClaimedIntroCallEmail>;

/**
 * Delivers the queued intro-call emails (public.outbox, kind intro_call_email), woken by the database through
 * pg_net after a booking, a move or a cancellation and each minute while anything is queued, as
 * send-session-emails delivers the sessions'. Only the database calls it, with the service role
 * key: any other caller is refused (401/403) before anything is claimed. Answers 200 with how many
 * were sent, skipped and left to retry.
 */
export function createHandler(deps: {
  store: IntroCallEmailStore;
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
    render: (item) => introCallEmail(item, deps.siteUrl, deps.organizerEmail),
    label: 'intro call email',
    staleReason: 'the call changed before the reminder was sent',
  });
}
