import type { Handler, Logger } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { createOutboxHandler, outboxPayloadSchema, type OutboxStore } from '../_shared/outbox.ts';
import { messageEmail, type MessageEmail } from './email.ts';

export const payloadSchema = outboxPayloadSchema;

/** A claimed email: `current` is false once the member has read the conversation since. */
export interface ClaimedMessageEmail extends MessageEmail {
  id: number;
  current: boolean;
}

export type MessageEmailStore = OutboxStore<ClaimedMessageEmail>;

/**
 * Delivers the queued "a message waits for you" emails (public.outbox, kind message_email), woken by the
 * database through pg_net. Only the database calls it, with the service role key: any other caller
 * is refused (401/403) before anything is claimed. Answers 200 with how many were sent, skipped
 * (read meanwhile) and left to retry.
 */
export function createHandler(deps: {
  store: MessageEmailStore;
  mailer: Mailer;
  siteUrl: string;
  /** the project's service role key: the one caller allowed */
  serviceRoleKey: string;
  logger?: Logger;
}): Handler {
  return createOutboxHandler({
    ...deps,
    render: (item) => messageEmail(item, deps.siteUrl),
    label: 'message email',
    staleReason: 'read before the email went out',
  });
}
