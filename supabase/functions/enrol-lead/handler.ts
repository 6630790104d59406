import { HttpError, json, withHttp, type Handler, type Logger } from '../_shared/http.ts';
import { requireStaffTwoFactor, type StaffTwoFactorStep } from '../_shared/staff-two-factor.ts';
import { optionalText, parsePayload, readJsonObject, z } from '../_shared/validation.ts';

/**
 * enrol-lead: an admin turns a lead into a family. The parent is invited by email (an account with
 * the parent role; an existing account is reused), the child's record is created and the lead is
 * marked enrolled, all under the admin's own identity so the lead's history names them. Enrolling
 * twice returns the same family. An account that signed up with the lead's address but never
 * confirmed it may be anyone's: it is removed and the address invited (docs/decisions/121).
 */

export const enrolPayloadSchema = z.object({
  leadId: z.string({ required_error: 'is required' }).uuid('must be a lead id'),
  childFirstName: optionalText(50),
  childAge: z
    .number({ invalid_type_error: 'must be a number' })
    .int('must be a whole number')
    .min(3, 'must be between 3 and 18')
    .max(18, 'must be between 3 and 18')
    .nullish(),
});

export interface LeadToEnrol {
  id: string;
  name: string | null;
  email: string;
  childName: string | null;
  childAge: string | null;
  enrolledParentId: string | null;
  enrolledChildId: string | null;
}

export interface EnrolResult {
  parentId: string;
  childId: string;
  alreadyEnrolled: boolean;
}

/** What the handler needs from Supabase; `token` is the caller's access token. */
export interface EnrolDirectory {
  /** Whether the token's user is an admin; null when the token is not a signed-in user's. */
  callerIsAdmin(token: string): Promise<boolean | null>;
  /** What two-factor sign-in still asks of the caller's session (the database's answer). */
  twoFactorStep(token: string): Promise<StaffTwoFactorStep>;
  /** The lead as the caller may read it, or null. */
  findLead(token: string, leadId: string): Promise<LeadToEnrol | null>;
  /**
   * Removes the account that signed up with this address without ever confirming it (it never could
   * sign in); true when there was one.
   */
  removeUnconfirmedSignUp(email: string): Promise<boolean>;
  /** Invites the parent; 'exists' when an account with that email is already registered. */
  inviteParent(
    email: string,
    names: { firstName: string | null; lastName: string | null },
    redirectTo: string,
  ): Promise<'invited' | 'exists'>;
  /** The database half, as the caller (public.enrol_lead). */
  enrol(token: string, leadId: string, childFirstName: string, childAge: number | null): Promise<EnrolResult>;
}

/** A failure of the database half with the status the caller should see. */
export class EnrolError extends HttpError {}

export function splitName(name: string | null): { firstName: string | null; lastName: string | null } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: null, lastName: null };
  return { firstName: parts[0], lastName: parts.length > 1 ? parts.slice(1).join(' ') : null };
}

/** The child's age from the lead's free-text age ('9', '9 years'), when it is a plausible one. */
export function ageFromLead(value: string | null): number | null {
  const match = /^\s*(\d{1,2})\b/.exec(value ?? '');
  if (!match) return null;
  const age = Number(match[1]);
  return age >= 3 && age <= 18 ? age : null;
}

function bearer(req: Request): string {
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match) throw new HttpError(401, 'Sign in as an admin to enrol a lead');
  return match[1].trim();
}

export function createHandler(deps: {
  directory: EnrolDirectory;
  /** Where the invitation link lands (the site's /reset-password, to choose a password). */
  siteUrl: string | undefined;
  logger?: Logger;
}): Handler {
  return withHttp(
    ['POST'],
    async (req) => {
      const token = bearer(req);
      const isAdmin = await deps.directory.callerIsAdmin(token);
      if (isAdmin === null) throw new HttpError(401, 'Sign in as an admin to enrol a lead');
      if (!isAdmin) throw new HttpError(403, 'Only admins enrol leads');
      // The invitation goes out with the service role: the two-factor rule is applied here first.
      requireStaffTwoFactor(await deps.directory.twoFactorStep(token));

      const payload = parsePayload(enrolPayloadSchema, await readJsonObject(req));
      const lead = await deps.directory.findLead(token, payload.leadId);
      if (!lead) throw new HttpError(404, 'Lead not found');

      if (lead.enrolledChildId && lead.enrolledParentId) {
        return json(200, {
          parentId: lead.enrolledParentId,
          childId: lead.enrolledChildId,
          alreadyEnrolled: true,
          invited: false,
        });
      }

      const childFirstName = payload.childFirstName ?? lead.childName?.trim();
      if (!childFirstName)
        throw new HttpError(400, "childFirstName: is required (the lead has no child's name)");
      const childAge = payload.childAge ?? ageFromLead(lead.childAge);

      const site = (deps.siteUrl ?? req.headers.get('origin') ?? '').replace(/\/+$/, '');
      if (!site) throw new Error('SITE_URL is not set and the request has no Origin');
      await deps.directory.removeUnconfirmedSignUp(lead.email);
      const invitation = await deps.directory.inviteParent(
        lead.email,
        splitName(lead.name),
        `${site}/welcome`,
      );
      const result = await deps.directory.enrol(token, lead.id, childFirstName, childAge);
      return json(200, { ...result, invited: invitation === 'invited' && !result.alreadyEnrolled });
    },
    deps.logger,
  );
}
