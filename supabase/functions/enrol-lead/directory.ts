import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import { staffTwoFactorStepOf } from '../_shared/staff-two-factor.ts';
import { requireEnv, serviceClient } from '../_shared/supabase.ts';
import { EnrolError, type EnrolDirectory, type LeadToEnrol } from './handler.ts';

/** A client that acts as the caller: their token, so row level security and auth.uid() are theirs. */
function callerClient(token: string) {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

/**
 * Postgres errors of public.enrol_lead, as HTTP statuses: PT404 an unknown lead, PT409 an address
 * with no account the family holds (migration 20261129150000).
 */
const statusFor: Record<string, number> = {
  '42501': 403,
  PT404: 404,
  PT409: 409,
  '22023': 400,
  '23514': 400,
};

export const supabaseDirectory: EnrolDirectory = {
  async callerIsAdmin(token) {
    const { data, error } = await serviceClient().auth.getUser(token);
    if (error || !data.user) return null;
    const roles = await serviceClient()
      .from('user_roles')
      .select('role')
      .eq('user_id', data.user.id)
      .eq('role', 'admin');
    if (roles.error) throw new Error(`database: ${roles.error.message}`);
    return (roles.data ?? []).length > 0;
  },

  twoFactorStep: staffTwoFactorStepOf,

  async findLead(token, leadId) {
    const { data, error } = await callerClient(token)
      .from('leads')
      .select('id, name, email, child_name, child_age, enrolled_parent_id, enrolled_child_id')
      .eq('id', leadId)
      .maybeSingle();
    if (error) throw new Error(`database: ${error.message}`);
    if (!data) return null;
    const row = data as Record<string, string | null>;
    const lead: LeadToEnrol = {
      id: row.id!,
      name: row.name,
      email: row.email!,
      childName: row.child_name,
      childAge: row.child_age,
      enrolledParentId: row.enrolled_parent_id,
      enrolledChildId: row.enrolled_child_id,
    };
    return lead;
  },

  async removeUnconfirmedSignUp(email) {
    const { data, error } = await serviceClient().rpc('unconfirmed_sign_up_for', { address: email });
    if (error) throw new Error(`database: ${error.message}`);
    if (!data) return false;
    const removed = await serviceClient().auth.admin.deleteUser(data as string);
    if (removed.error) throw new Error(`remove unconfirmed sign-up: ${removed.error.message}`);
    return true;
  },

  async inviteParent(email, names, redirectTo) {
    const { error } = await serviceClient().auth.admin.inviteUserByEmail(email, {
      redirectTo,
      // invited_as: what the invitation email says (supabase/templates/invite.html), never a grant.
      data: {
        first_name: names.firstName ?? undefined,
        last_name: names.lastName ?? undefined,
        invited_as: 'a parent',
      },
    });
    if (!error) return 'invited';
    if ((error as { code?: string }).code === 'email_exists' || error.status === 422) return 'exists';
    throw new Error(`invite: ${error.message}`);
  },

  async enrol(token, leadId, childFirstName, childAge) {
    const { data, error } = await callerClient(token)
      .rpc('enrol_lead', { lead_id: leadId, child_first_name: childFirstName, child_age: childAge })
      .single();
    if (error) {
      const status = statusFor[error.code ?? ''];
      if (status) throw new EnrolError(status, error.message);
      throw new Error(`database: ${error.code ?? ''} ${error.message}`);
    }
    const row = data as { parent_id: string; child_id: string; already_enrolled: boolean };
    return { parentId: row.parent_id, childId: row.child_id, alreadyEnrolled: row.already_enrolled };
  },
};
