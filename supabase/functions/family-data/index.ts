import { check, serviceClient } from '../_shared/supabase.ts';
import { createHandler, type FamilyPort } from './handler.ts';

const family: FamilyPort = {
  async callerOf(token) {
    const { data, error } = await serviceClient().auth.getUser(token);
    if (error || !data.user) return null;
    const rows = check(
      await serviceClient().from('user_roles').select('role').eq('user_id', data.user.id),
    ) as { role: string }[];
    return { id: data.user.id, roles: rows.map((row) => row.role) };
  },
  async deleteFamilyRows(accountId) {
    return check(await serviceClient().rpc('delete_family_data', { account: accountId })) as string[];
  },
  async deleteAuthUser(userId) {
    const { error } = await serviceClient().auth.admin.deleteUser(userId);
    if (error && error.status !== 404) throw error;
  },
};

Deno.serve(createHandler({ family }));
