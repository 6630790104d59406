import { isMissing, stripe } from '../_shared/stripe.ts';
import { check, serviceClient } from '../_shared/supabase.ts';
import { createHandler, type BillingPort, type FamilyPort } from './handler.ts';

const family: FamilyPort = {
  async callerOf(token) {
    const { data, error } = await serviceClient().auth.getUser(token);
    if (error || !data.user) return null;
    const rows = check(
      await serviceClient().from('user_roles').select('role').eq('user_id', data.user.id),
    ) as { role: string }[];
    return { id: data.user.id, roles: rows.map((row) => row.role) };
  },
  async stripeCustomerOf(accountId) {
    const row = check(
      await serviceClient()
        .from('billing_customers')
        .select('stripe_customer_id')
        .eq('parent_id', accountId)
        .maybeSingle(),
    ) as { stripe_customer_id: string } | null;
    return row?.stripe_customer_id ?? null;
  },
  async deleteFamilyRows(accountId) {
    return check(await serviceClient().rpc('delete_family_data', { account: accountId })) as string[];
  },
  async deleteAuthUser(userId) {
    const { error } = await serviceClient().auth.admin.deleteUser(userId);
    if (error && error.status !== 404) throw error;
  },
};

const ENDED = new Set(['canceled', 'incomplete_expired']);

const billing: BillingPort = {
  async endCustomer(customerId) {
    try {
      for await (const subscription of stripe().subscriptions.list({ customer: customerId, status: 'all' })) {
        if (ENDED.has(subscription.status)) continue;
        await stripe().subscriptions.cancel(subscription.id, {
          cancellation_details: { comment: 'The family deleted its account' },
        });
      }
      await stripe().customers.del(customerId);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  },
};

Deno.serve(createHandler({ family, billing }));
