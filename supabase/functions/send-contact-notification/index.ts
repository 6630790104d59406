import { mailerFromEnv } from '../_shared/mailer.ts';
import { notificationStore, serviceMailCaps, serviceTeamSettings } from '../_shared/supabase.ts';
import { teamTimeZone } from '../_shared/team-time.ts';
import { CONTACT_COLUMNS, createHandler, storedMessage } from './handler.ts';

const store = notificationStore('contact_messages', CONTACT_COLUMNS, storedMessage);

Deno.serve(
  createHandler({
    store,
    mailer: mailerFromEnv(),
    caps: serviceMailCaps(),
    teamSettings: serviceTeamSettings(Deno.env.get('TEAM_EMAIL')),
    teamTimeZone: teamTimeZone(Deno.env.get('TEAM_TIME_ZONE')),
  }),
);
