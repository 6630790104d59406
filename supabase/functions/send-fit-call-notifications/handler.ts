import { consoleLogger, HttpError, json, withHttp, type Handler, type Logger } from '../_shared/http.ts';
import { NOTHING_TO_SEND, recentSince } from '../_shared/leads.ts';
import type { Mailer } from '../_shared/mailer.ts';
import {
  emailField,
  optionalText,
  parsePayload,
  readJsonObject,
  requiredText,
  z,
} from '../_shared/validation.ts';
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

export interface Lead {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  childName: string | null;
  ageBand: string | null;
  challenge: string | null;
  source: string | null;
  createdAt: string;
}

export interface LeadStore {
  /**
   * Atomically stamps `notified_at` on the waitlist rows with this email (any letter case) created
   * after `since` and not yet notified; returns them (newest first), or [] when there are none.
   */
  claimNotification(email: string, since: Date): Promise<Lead[]>;
  /** Undoes a claim when nothing could be sent, so a retry may send it. */
  releaseNotification(ids: string[]): Promise<void>;
}

/**
 * After an intro-call request (or a v2 contact form, or a waitlist sign-up) is saved: a
 * confirmation to the parent and a notification to the team, once per lead, and only for a lead
 * saved in the last minutes, so the function cannot mail arbitrary addresses.
 */
export function createHandler(deps: {
  store: LeadStore;
  mailer: Mailer;
  /** where the team's notifications go (TEAM_EMAIL) */
  teamEmail: string | undefined;
  siteUrl?: string;
  now?: () => Date;
  logger?: Logger;
}): Handler {
  const logger = deps.logger ?? consoleLogger;
  return withHttp(
    ['POST'],
    async (req) => {
      const payload = parsePayload(fitCallPayloadSchema, await readJsonObject(req));
      const teamEmail = deps.teamEmail;
      if (!teamEmail) throw new Error('TEAM_EMAIL is not set');
      const leads = await deps.store.claimNotification(payload.email, recentSince(deps.now?.()));
      const lead = leads[0];
      if (!lead) return json(202, NOTHING_TO_SEND);
      // The saved row is the truth; the payload fills what a form collected without saving it.
      const request = {
        name: lead.name || payload.name,
        email: lead.email,
        phone: lead.phone ?? payload.phone,
        childName: lead.childName ?? payload.childName,
        childAge: lead.ageBand ?? payload.childAge,
        challenge: ((lead.challenge ?? payload.challenge) as Challenge | undefined) || undefined,
        source: lead.source ?? undefined,
        receivedAt: new Date(lead.createdAt),
      };
      const site = deps.siteUrl?.replace(/\/+$/, '');
      const [team, parent] = await Promise.allSettled([
        deps.mailer.send(
          teamNotificationEmail(request, {
            to: teamEmail,
            adminUrl: site ? `${site}/admin/waitlist` : undefined,
          }),
        ),
        deps.mailer.send(parentConfirmationEmail(request)),
      ]);
      if (team.status === 'rejected') logger.error('team notification failed:', team.reason);
      if (parent.status === 'rejected') logger.error('parent confirmation failed:', parent.reason);
      if (team.status === 'rejected' && parent.status === 'rejected') {
        await deps.store.releaseNotification(leads.map((l) => l.id));
        throw new HttpError(502, 'The emails could not be sent; please try again later');
      }
      return json(200, {
        sent: true,
        team: team.status === 'fulfilled',
        confirmation: parent.status === 'fulfilled',
      });
    },
    logger,
  );
}
