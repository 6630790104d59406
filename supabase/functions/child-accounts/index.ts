import { HttpError } from '../_shared/http.ts';
import { check, serviceClient } from '../_shared/supabase.ts';
import { createHandler, type ChildAccountsPort, type ChildRecord } from './handler.ts';

/** Auth answers 422 email_exists (or the older "already been registered") for a taken address. */
function isTaken(error: { status?: number; code?: string; message: string }): boolean {
  return error.code === 'email_exists' || /already been registered/i.test(error.message);
}

const accounts: ChildAccountsPort = {
  async callerOf(token) {
    const { data, error } = await serviceClient().auth.getUser(token);
    if (error || !data.user) return null;
    return data.user.id;
  },
  async childOf(childId) {
    const row = check(
      await serviceClient()
        .from('children')
        .select('id, parent_id, first_name, user_id, child_logins(username, secret_kind)')
        .eq('id', childId)
        .maybeSingle(),
    ) as {
      id: string;
      parent_id: string;
      first_name: string;
      user_id: string | null;
      child_logins: { username: string; secret_kind: 'password' | 'pin' } | null;
    } | null;
    if (!row) return null;
    const child: ChildRecord = {
      id: row.id,
      parentId: row.parent_id,
      firstName: row.first_name,
      userId: row.user_id,
      username: row.child_logins?.username ?? null,
      secretKind: row.child_logins?.secret_kind ?? null,
    };
    return child;
  },
  async takeUsernameTry(parentId) {
    return check(await serviceClient().rpc('take_child_username_try', { parent: parentId })) === true;
  },
  async usernameTaken(username, exceptChildId) {
    const rows = check(
      await serviceClient()
        .from('child_logins')
        .select('child_id')
        .eq('username', username)
        .neq('child_id', exceptChildId),
    ) as { child_id: string }[];
    return rows.length > 0;
  },
  async createUser({ email, password, firstName }) {
    const { data, error } = await serviceClient().auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      // Only the first name: a child has no surname in Ploom. The sign-up trigger reads initial_role.
      user_metadata: { first_name: firstName },
      app_metadata: { initial_role: 'child', child_login: true },
    });
    if (error) {
      if (isTaken(error)) return null;
      throw error;
    }
    return data.user.id;
  },
  async updateUser(userId, { password }) {
    // Only this path may change a child's secret: the database refuses any other change of it,
    // the child's own `updateUser({ password })` included (docs/decisions/127).
    check(await serviceClient().rpc('set_child_login_secret', { login_user: userId, secret: password }));
  },
  async deleteUser(userId) {
    const { error } = await serviceClient().auth.admin.deleteUser(userId);
    if (error && error.status !== 404) throw error;
  },
  async link({ childId, userId, username, secretKind }) {
    const result = await serviceClient().rpc('link_child_login', {
      child: childId,
      login_user: userId,
      login_username: username,
      login_secret_kind: secretKind,
    });
    // Two parents choosing the same username at once: the unique index decides.
    if (result.error?.code === '23505') throw new HttpError(409, 'That username is taken: try another one');
    check(result);
  },
};

Deno.serve(createHandler({ accounts }));
