import { getSupabase } from './supabase';

/**
 * A family's plan and payment status from the billing tables, as the staff screens show it (the
 * families and the users screens; admins and the parent only, by row level security).
 */
export interface FamilyBilling {
  plan: string;
  /** Stripe's status, or 'paused' / 'cancelling' when the family paused or cancelled */
  status: string;
  paymentFailed: boolean;
}

export const PLAN_NAMES: Record<string, string> = {
  'steady-growth': 'Steady Growth',
  'focused-progress': 'Focused Progress',
  'intensive-momentum': 'Intensive Momentum',
};

/** The current subscription of each of these parents, and whether a charge failed and is still due. */
export async function getFamilyBilling(parentIds: string[]): Promise<Record<string, FamilyBilling>> {
  if (parentIds.length === 0) return {};
  const supabase = await getSupabase();
  const [subscriptions, failed] = await Promise.all([
    supabase
      .from('subscriptions')
      .select('parent_id, plan, status, pause_behavior, cancel_at_period_end')
      .in('parent_id', parentIds)
      .not('status', 'in', '(incomplete,incomplete_expired)')
      .order('stripe_created', { ascending: false }),
    supabase
      .from('invoices')
      .select('parent_id')
      .in('parent_id', parentIds)
      .eq('status', 'open')
      .not('payment_failed_at', 'is', null),
  ]);
  if (subscriptions.error) throw subscriptions.error;
  if (failed.error) throw failed.error;
  const failing = new Set(failed.data.map((row) => row.parent_id));
  const result: Record<string, FamilyBilling> = {};
  for (const sub of subscriptions.data) {
    if (result[sub.parent_id]) continue; // newest first: the first is the current one
    result[sub.parent_id] = {
      plan: PLAN_NAMES[sub.plan] ?? sub.plan,
      status:
        sub.status === 'active' && sub.pause_behavior
          ? 'paused'
          : sub.status === 'active' && sub.cancel_at_period_end
            ? 'cancelling'
            : sub.status,
      paymentFailed: sub.status !== 'canceled' && (failing.has(sub.parent_id) || sub.status === 'past_due'),
    };
  }
  return result;
}
