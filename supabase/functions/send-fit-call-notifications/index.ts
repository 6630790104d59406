import { mailerFromEnv } from '../_shared/mailer.ts';
import {
  check,
  notificationStore,
  serviceClient,
  serviceMailCaps,
  serviceTeamSettings,
} from '../_shared/supabase.ts';
import { teamTimeZone } from '../_shared/team-time.ts';
import { createHandler, leadFromRow, WAITLIST_COLUMNS } from './handler.ts';

const store = notificationStore('waitlist', WAITLIST_COLUMNS, leadFromRow);

Deno.serve(
  createHandler({
    store,
    mailer: mailerFromEnv(),
    caps: serviceMailCaps(),
    teamSettings: serviceTeamSettings(Deno.env.get('TEAM_EMAIL')),
    siteUrl: Deno.env.get('SITE_URL'),
    teamTimeZone: teamTimeZone(Deno.env.get('TEAM_TIME_ZONE')),
    issueBookingToken: async (waitlistId) =>
      (check(await serviceClient().rpc('issue_intro_call_token', { waitlist_id: waitlistId })) as
        string | null) ?? null,
  }),
);
