import type { Handler, Logger } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { createOutboxHandler, outboxPayloadSchema, type OutboxStore } from '../_shared/outbox.ts';
import { coachMatchEmail, type CoachMatch } from './email.ts';

export const payloadSchema = outboxPayloadSchema;

/** A claimed match email: `current` is false once the child has another coach (or none). */
export interface ClaimedMatch extends CoachMatch {
  id: number;
  current: boolean;
}

export type MatchStore = OutboxStore<ClaimedMatch>;

/**
 * Delivers the queued match emails (public.coach_match_emails): woken by the database through
 * pg_net when a child is given a coach. Only the database calls it, with the service role key; any
 * other caller is refused before anything is claimed. Answers 200 with the counts.
 */
export function createHandler(deps: {
  store: MatchStore;
  mailer: Mailer;
  siteUrl: string;
  /** the project's service role key: the one caller allowed */
  serviceRoleKey: string;
  logger?: Logger;
}): Handler {
  return createOutboxHandler({
    ...deps,
    render: (item) => coachMatchEmail(item, deps.siteUrl),
    label: 'coach match email',
    staleReason: 'the child has another coach',
  });
}
