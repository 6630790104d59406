import type { Handler, Logger } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { createOutboxHandler, outboxPayloadSchema, type OutboxStore } from '../_shared/outbox.ts';
import { noticeEmail, type FamilyNotice } from './email.ts';

export const payloadSchema = outboxPayloadSchema;

/** A claimed notice: `current` is false once it is no longer true (the child has another coach). */
export type ClaimedNotice = FamilyNotice & { id: number; current: boolean };

export type NoticeStore = OutboxStore<ClaimedNotice>;

/**
 * Delivers the queued family notices (public.outbox, kind family_notice): woken by the database through pg_net
 * when one is queued. Only the database calls it, with the service role key; any other caller is
 * refused before anything is claimed. Answers 200 with the counts.
 */
export function createHandler(deps: {
  store: NoticeStore;
  mailer: Mailer;
  siteUrl: string;
  /** the project's service role key: the one caller allowed */
  serviceRoleKey: string;
  logger?: Logger;
}): Handler {
  return createOutboxHandler({
    ...deps,
    render: (item) => noticeEmail(item, deps.siteUrl),
    label: 'family notice',
    staleReason: 'no longer true when sent',
  });
}
