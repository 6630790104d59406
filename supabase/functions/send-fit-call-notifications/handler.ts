import { mailingHandler, type MailingDeps, type NotificationStore } from '../_shared/claim.ts';
import type { Handler } from '../_shared/http.ts';
import type { TeamSettingsReader } from '../_shared/team-settings.ts';
import { emailField, optionalText, requiredText, z } from '../_shared/validation.ts';
import { CHALLENGE_LABELS, parentConfirmationEmail, teamNotificationEmail, type Challenge } from './email.ts';

const challenges = Object.keys(CHALLENGE_LABELS) as [Challenge, ...Challenge[]];

/** The form state as the site sends it; optional fields may be blank. */
export const fitCallPayloadSchema = z.object({
  name: requiredText(100),
  email: emailField,
  phone: optionalText(25),
  childName: optionalText(100),
  childAge: optionalText(20),
  challenge: optionalText(20).refine(
    (v) => v === undefined || (challenges as string[]).includes(v),
    `must be one of ${challenges.join(', ')}`,
  ),
});

/** A waitlist row as the function reads it. */
export interface WaitlistRow {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  child_name: string | null;
  age_band: string | null;
  challenge: string | null;
  source: string | null;
  landing_path: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  created_at: string;
}

export interface Lead {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  childName: string | null;
  ageBand: string | null;
  challenge: string | null;
  source: string | null;
  landingPath: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  createdAt: string;
}

export const WAITLIST_COLUMNS =
  'id, email, name, phone, child_name, age_band, challenge, source, landing_path, utm_source, utm_medium, utm_campaign, created_at';

export function leadFromRow(row: WaitlistRow): Lead {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    childName: row.child_name,
    ageBand: row.age_band,
    challenge: row.challenge,
    source: row.source,
    landingPath: row.landing_path,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    createdAt: row.created_at,
  };
}

/** waitlist, claimed through `notified_at`. */
export type LeadStore = NotificationStore<Lead>;

/**
 * After an intro-call request (or a v2 contact form, or a waitlist sign-up) is saved: a
 * confirmation to the parent and a notification to the team, once per lead, and only for a lead
 * saved in the last minutes, so the function cannot mail arbitrary addresses.
 */
export function createHandler(
  deps: MailingDeps & {
    store: LeadStore;
    /** where the team's notifications go and the reply time promised (app_settings) */
    teamSettings: TeamSettingsReader;
    siteUrl?: string;
    /** the team's IANA time zone, for when a lead was received (TEAM_TIME_ZONE) */
    teamTimeZone?: string;
    /**
     * A link token for an intro-call request's lead (public.issue_intro_call_token, decision 170):
     * the parent books the intro call with it, from the success screen and from the confirmation.
     */
    issueBookingToken?: (waitlistId: string) => Promise<string | null>;
  },
): Handler {
  return mailingHandler('send-fit-call-notifications', fitCallPayloadSchema, deps, (payload) => {
    let bookingToken: string | null = null;
    return {
      recipient: payload.email,
      claim: (since) => deps.store.claimNotification(payload.email, since),
      async emails([lead]) {
        const { teamEmail, replyWithinHours } = await deps.teamSettings();
        // The saved row is the truth; the payload fills what a form collected without saving it.
        const request = {
          name: lead.name || payload.name,
          email: lead.email,
          phone: lead.phone ?? payload.phone,
          childName: lead.childName ?? payload.childName,
          childAge: lead.ageBand ?? payload.childAge,
          challenge: ((lead.challenge ?? payload.challenge) as Challenge | undefined) || undefined,
          source: lead.source ?? undefined,
          landingPath: lead.landingPath ?? undefined,
          utmSource: lead.utmSource ?? undefined,
          utmMedium: lead.utmMedium ?? undefined,
          utmCampaign: lead.utmCampaign ?? undefined,
          receivedAt: new Date(lead.createdAt),
        };
        const site = deps.siteUrl?.replace(/\/+$/, '');
        const adminUrl = site ? `${site}/admin/waitlist` : undefined;
        if (lead.source === 'fit-call' && deps.issueBookingToken) {
          // Without a token the confirmation still goes: the team books the call as before.
          bookingToken = await deps.issueBookingToken(lead.id).catch(() => null);
        }
        const bookingUrl =
          site && bookingToken ? `${site}/intro-call#token=${encodeURIComponent(bookingToken)}` : undefined;
        return [
          {
            message: teamNotificationEmail(request, {
              to: teamEmail,
              adminUrl,
              replyWithinHours,
              teamTimeZone: deps.teamTimeZone,
            }),
            failure: 'team notification failed:',
          },
          {
            message: parentConfirmationEmail(request, { replyWithinHours, bookingUrl }),
            failure: 'parent confirmation failed:',
          },
        ];
      },
      release: (leads) => deps.store.releaseNotification(leads.map((l) => l.id)),
      // The token goes back to the browser that sent the form (the one caller the claim lets in).
      body: ([team, confirmation]) => ({
        sent: true,
        team,
        confirmation,
        ...(bookingToken ? { bookingToken } : {}),
      }),
    };
  });
}
