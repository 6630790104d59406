import { consoleLogger, HttpError, json, withHttp, type Handler, type Logger } from '../_shared/http.ts';
import { requireStaffTwoFactor, type StaffTwoFactorStep } from '../_shared/staff-two-factor.ts';
import {
  emailField,
  optionalText,
  parsePayload,
  readJsonObject,
  requiredText,
  z,
} from '../_shared/validation.ts';

/**
 * The account actions of /admin/users that need the service role: invite a coach or an admin,
 * deactivate an account (ban it and end its sessions), reactivate it, reset a staff member's
 * two-factor sign-in (remove their authenticator apps, audited). The caller must be a signed-in
 * admin. Granting and removing roles needs no service role: the site does it as the admin, under
 * row level security and the database's admin guards.
 */

export const INVITABLE_ROLES = ['coach', 'admin'] as const;

/** The site's page that welcomes an invited person and has them choose a password. */
export const WELCOME_PATH = '/welcome';
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

const userId = z
  .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
  .uuid('must be a user id');

export const adminUsersSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('invite'),
      email: emailField,
      first_name: requiredText(100),
      last_name: optionalText(100),
      role: z.enum(INVITABLE_ROLES, { errorMap: () => ({ message: "must be 'coach' or 'admin'" }) }),
    }),
    z.object({ action: z.literal('deactivate'), user_id: userId }),
    z.object({ action: z.literal('reactivate'), user_id: userId }),
    z.object({ action: z.literal('reset_two_factor'), user_id: userId }),
  ],
  { errorMap: () => ({ message: "must be 'invite', 'deactivate', 'reactivate' or 'reset_two_factor'" }) },
);
export type AdminUsersPayload = z.output<typeof adminUsersSchema>;

export interface Caller {
  id: string;
  isAdmin: boolean;
  /** The caller's name as the team knows it (profile), for "invited by"; undefined when unknown. */
  name?: string;
  /** What two-factor sign-in still asks of this session (the database's answer, as the caller) */
  twoFactorStep: StaffTwoFactorStep;
}

export interface Account {
  id: string;
  roles: string[];
  banned: boolean;
  /** true once the person has confirmed their email (accepted an invitation or signed up) */
  confirmed: boolean;
}

/** What the handler needs from Supabase; index.ts gives the real one, tests an in-memory one. */
export interface AccountsPort {
  /** The user behind an access token, or null when the token is not a valid session. */
  callerOf(token: string): Promise<Caller | null>;
  accountOf(id: string): Promise<Account | null>;
  /** The account with this email (any letter case), looked up as the admin (their token). */
  accountByEmail(token: string, email: string): Promise<Account | null>;
  otherActiveAdminExists(exceptUserId: string): Promise<boolean>;
  /** Creates the account and emails the invitation (auth admin API); returns the new user's id. */
  invite(input: {
    email: string;
    firstName: string;
    lastName: string | undefined;
    /** Said in the email: the role the person is invited to. */
    role: InvitableRole;
    /** Said in the email: who invited them (the admin's name), when known. */
    invitedBy: string | undefined;
    redirectTo: string;
  }): Promise<string>;
  /** Grants the role as the admin (their token), so the database audits and guards it as theirs. */
  grantInvitedRole(token: string, userId: string, role: InvitableRole, displayName: string): Promise<void>;
  /**
   * Bans or unbans the account (auth admin API, which also ends its sessions when banning), stamping
   * app_metadata.admin_action in the same update so the audit entry names the admin.
   */
  setBanned(userId: string, banned: boolean, stamp: AdminActionStamp): Promise<void>;
  /** Stamps app_metadata.admin_action without another change (the invitation's audit entry). */
  stamp(userId: string, stamp: AdminActionStamp): Promise<void>;
  /** Removes every MFA factor of the account (auth admin API); returns how many there were. */
  removeFactors(userId: string): Promise<number>;
  /** Writes an audit entry naming the admin. */
  audit(entry: {
    actor: string;
    action: string;
    userId: string;
    metadata: Record<string, unknown>;
  }): Promise<void>;
}

export interface AdminActionStamp {
  action: 'invite' | 'deactivate' | 'reactivate';
  by: string;
  at: string;
  role?: InvitableRole;
}

export interface AdminUsersDeps {
  accounts: AccountsPort;
  /**
   * The site's address (SITE_URL): invitations link to <siteUrl>/welcome, where the person chooses a
   * password. Never the request's Origin; without SITE_URL an invitation fails (503).
   */
  siteUrl: string | undefined;
  now?: () => Date;
  logger?: Logger;
}

function bearerToken(req: Request): string {
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new HttpError(401, 'Sign in as an admin to manage users');
  return match[1];
}

export function createHandler(deps: AdminUsersDeps): Handler {
  const { accounts } = deps;
  const now = deps.now ?? (() => new Date());
  return withHttp(
    ['POST'],
    async (req) => {
      const token = bearerToken(req);
      const caller = await accounts.callerOf(token);
      if (!caller) throw new HttpError(401, 'Sign in as an admin to manage users');
      if (!caller.isAdmin) throw new HttpError(403, 'Only admins can manage users');
      // The service role bypasses row level security, so the two-factor rule is applied here too.
      requireStaffTwoFactor(caller.twoFactorStep);
      const payload = parsePayload(adminUsersSchema, await readJsonObject(req));
      const stamp = (action: AdminActionStamp['action'], role?: InvitableRole): AdminActionStamp => ({
        action,
        by: caller.id,
        at: now().toISOString(),
        ...(role ? { role } : {}),
      });

      if (payload.action === 'invite') {
        const existing = await accounts.accountByEmail(token, payload.email);
        if (existing?.confirmed) {
          throw new HttpError(409, 'An account with this email already exists: grant it the role instead');
        }
        if (!deps.siteUrl) {
          (deps.logger ?? consoleLogger).error('SITE_URL is not set: invitations cannot link to the site');
          throw new HttpError(503, 'The site address (SITE_URL) is not configured');
        }
        const id = await accounts.invite({
          email: payload.email,
          firstName: payload.first_name,
          lastName: payload.last_name,
          role: payload.role,
          invitedBy: caller.name,
          redirectTo: new URL(WELCOME_PATH, deps.siteUrl).toString(),
        });
        await accounts.stamp(id, stamp('invite', payload.role));
        const displayName = [payload.first_name, payload.last_name].filter(Boolean).join(' ');
        await accounts.grantInvitedRole(token, id, payload.role, displayName);
        return json(201, { user_id: id, status: 'invited' });
      }

      const target = await accounts.accountOf(payload.user_id);
      if (!target) throw new HttpError(404, 'No such user');
      if (payload.action === 'deactivate') {
        if (target.id === caller.id) throw new HttpError(409, 'You cannot deactivate your own account');
        if (target.roles.includes('admin') && !(await accounts.otherActiveAdminExists(target.id))) {
          throw new HttpError(409, 'The last admin cannot be deactivated');
        }
        if (!target.banned) await accounts.setBanned(target.id, true, stamp('deactivate'));
        return json(200, { user_id: target.id, status: 'deactivated' });
      }
      if (payload.action === 'reset_two_factor') {
        if (!target.roles.includes('coach') && !target.roles.includes('admin')) {
          throw new HttpError(409, 'Only staff accounts have two-factor sign-in');
        }
        const removed = await accounts.removeFactors(target.id);
        await accounts.audit({
          actor: caller.id,
          action: 'USER_TWO_FACTOR_RESET',
          userId: target.id,
          metadata: { factors_removed: removed },
        });
        return json(200, { user_id: target.id, status: 'two_factor_reset', factors_removed: removed });
      }
      if (target.banned) await accounts.setBanned(target.id, false, stamp('reactivate'));
      return json(200, { user_id: target.id, status: 'active' });
    },
    deps.logger,
  );
}
