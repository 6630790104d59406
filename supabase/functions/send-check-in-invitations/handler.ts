import type { Handler, Logger } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { createOutboxHandler, outboxPayloadSchema, type OutboxStore } from '../_shared/outbox.ts';
import { checkInInvitationEmail, type CheckInInvitation } from './email.ts';

export const payloadSchema = outboxPayloadSchema;

/** A claimed invitation: `current` is false once a newer check-in was taken or the parent opted out. */
export interface ClaimedInvitation extends CheckInInvitation {
  id: number;
  current: boolean;
}

export type InvitationStore = OutboxStore<ClaimedInvitation>;

/**
 * Delivers the queued check-in invitations (public.outbox, kind check_in_invitation): woken by the database
 * through pg_net when the hourly job queues some. Only the database calls it, with the service role
 * key; any other caller is refused before anything is claimed. Answers 200 with the counts.
 */
export function createHandler(deps: {
  store: InvitationStore;
  mailer: Mailer;
  siteUrl: string;
  /** the project's service role key: the one caller allowed */
  serviceRoleKey: string;
  logger?: Logger;
}): Handler {
  return createOutboxHandler({
    ...deps,
    render: (item) => checkInInvitationEmail(item, deps.siteUrl),
    label: 'check-in invitation',
    staleReason: 'a check-in was taken, or the parent opted out',
  });
}
