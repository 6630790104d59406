import { HttpError } from '../_shared/http.ts';
import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import { staffTwoFactorStepOf } from '../_shared/staff-two-factor.ts';
import { check, exactIlike, requireEnv, serviceClient } from '../_shared/supabase.ts';
import { createHandler, type Account, type AccountsPort, type InvitableRole } from './handler.ts';

/** The role as the invitation email says it ("… invited you to join Ploom as a coach"). */
const INVITED_AS: Record<InvitableRole, string> = { coach: 'a coach', admin: 'an admin' };

/** Long enough to mean "until reactivated" (GoTrue takes a Go duration; about 100 years). */
const BAN_DURATION = '876000h';

/** A client that acts as the signed-in admin (their access token), so auth.uid() is the admin. */
function asCaller(token: string) {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}`, 'X-Client-Info': 'ploom-edge-functions' } },
  });
}

async function rolesOf(userId: string): Promise<string[]> {
  const rows = check(await serviceClient().from('user_roles').select('role').eq('user_id', userId)) as {
    role: string;
  }[];
  return rows.map((row) => row.role);
}

async function nameOf(userId: string): Promise<string | undefined> {
  const profile = check(
    await serviceClient().from('profiles').select('first_name, last_name').eq('id', userId).maybeSingle(),
  ) as { first_name: string | null; last_name: string | null } | null;
  const name = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ').trim();
  return name || undefined;
}

async function accountOf(id: string): Promise<Account | null> {
  const { data, error } = await serviceClient().auth.admin.getUserById(id);
  if (error?.status === 404 || (!error && !data.user)) return null;
  if (error) throw error;
  const user = data.user;
  const bannedUntil = (user as { banned_until?: string | null }).banned_until;
  return {
    id: user.id,
    roles: await rolesOf(user.id),
    banned: Boolean(bannedUntil && new Date(bannedUntil).getTime() > Date.now()),
    confirmed: Boolean(user.email_confirmed_at),
  };
}

const accounts: AccountsPort = {
  async callerOf(token) {
    const { data, error } = await serviceClient().auth.getUser(token);
    if (error || !data.user) return null;
    return {
      id: data.user.id,
      isAdmin: (await rolesOf(data.user.id)).includes('admin'),
      name: await nameOf(data.user.id),
      twoFactorStep: await staffTwoFactorStepOf(token),
    };
  },
  accountOf,
  async accountByEmail(token, email) {
    // auth.users is not exposed over REST: the admins' account list (read as the admin) has the emails.
    const row = check(
      await asCaller(token)
        .rpc('admin_accounts')
        .select('id')
        .ilike('email', exactIlike(email))
        .maybeSingle(),
    ) as { id: string } | null;
    return row ? accountOf(row.id) : null;
  },
  async otherActiveAdminExists(exceptUserId) {
    const rows = check(
      await serviceClient()
        .from('user_roles')
        .select('user_id')
        .eq('role', 'admin')
        .neq('user_id', exceptUserId),
    ) as { user_id: string }[];
    for (const row of rows) {
      const account = await accountOf(row.user_id);
      if (account && !account.banned) return true;
    }
    return false;
  },
  async invite({ email, firstName, lastName, role, invitedBy, redirectTo }) {
    const { data, error } = await serviceClient().auth.admin.inviteUserByEmail(email, {
      redirectTo,
      // What the invitation email says (supabase/templates/invite.html reads .Data). Only words for
      // the email: the role itself is granted in user_roles, never read from this user-editable data.
      data: {
        first_name: firstName,
        ...(lastName ? { last_name: lastName } : {}),
        invited_as: INVITED_AS[role],
        ...(invitedBy ? { invited_by: invitedBy } : {}),
      },
    });
    if (error) {
      if (error.status === 422 || error.code === 'email_exists') {
        throw new HttpError(409, 'An account with this email already exists: grant it the role instead');
      }
      if (error.status === 429)
        throw new HttpError(429, 'Too many invitations to this address; try again later');
      throw error;
    }
    return data.user.id;
  },
  async grantInvitedRole(token, userId, role, displayName) {
    const db = asCaller(token);
    check(
      await db
        .from('user_roles')
        .upsert({ user_id: userId, role }, { onConflict: 'user_id,role', ignoreDuplicates: true }),
    );
    // The sign-up trigger made the invited account a parent; a team member is not one.
    check(await db.from('user_roles').delete().eq('user_id', userId).eq('role', 'parent'));
    if (role === 'coach') {
      // A coach needs a coaches row to be assigned families; hidden from the site until an admin lists it.
      check(
        await db
          .from('coaches')
          .upsert(
            { user_id: userId, display_name: displayName, is_active: false },
            { onConflict: 'user_id', ignoreDuplicates: true },
          ),
      );
    }
  },
  async setBanned(userId, banned, stamp) {
    const { error } = await serviceClient().auth.admin.updateUserById(userId, {
      ban_duration: banned ? BAN_DURATION : 'none',
      app_metadata: { admin_action: stamp },
    });
    if (error) throw error;
  },
  async removeFactors(userId) {
    const admin = serviceClient().auth.admin.mfa;
    const { data, error } = await admin.listFactors({ userId });
    if (error) throw error;
    for (const factor of data.factors) {
      const removed = await admin.deleteFactor({ userId, id: factor.id });
      if (removed.error) throw removed.error;
    }
    return data.factors.length;
  },
  async audit({ actor, action, userId, metadata }) {
    check(
      await serviceClient()
        .from('audit_logs')
        .insert({ actor_user_id: actor, action, entity_type: 'user', entity_id: userId, metadata }),
    );
  },
  async stamp(userId, stamp) {
    const { error } = await serviceClient().auth.admin.updateUserById(userId, {
      app_metadata: { admin_action: stamp },
    });
    if (error) throw error;
  },
};

Deno.serve(createHandler({ accounts, siteUrl: Deno.env.get('SITE_URL') || undefined }));
