import type pg from 'pg';

/**
 * Gives a family an active plan as the Stripe webhook records one (its subscription row, paid this
 * month; the family's customer row is left to the test), committed: a family books its own sessions only on a plan
 * (docs/decisions/221). Returns the subscription's id; `removePlan` takes it away again.
 */
export async function givePlan(
  db: pg.Client,
  parentId: string,
  plan: 'steady-growth' | 'focused-progress' | 'intensive-momentum' = 'intensive-momentum',
): Promise<string> {
  const customer = `cus_plan${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const id = `sub_${customer}`;
  await db.query(
    `insert into public.subscriptions (id, parent_id, stripe_customer_id, plan, stripe_price_id, status,
       current_period_start, current_period_end, stripe_created, last_event_at)
     values ($1, $2, $3, $4, 'price_test_plan', 'active', now(), now() + interval '30 days',
       now() - interval '1 hour', now())`,
    [id, parentId, customer, plan],
  );
  return id;
}

export async function removePlan(db: pg.Client, subscriptionId: string): Promise<void> {
  await db.query('delete from public.subscriptions where id = $1', [subscriptionId]);
}
