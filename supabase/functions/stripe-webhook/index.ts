import { check, requireEnv, serviceClient } from '../_shared/supabase.ts';
import { createHandler, type Applied, type BillingStore } from './handler.ts';

/**
 * The billing tables through the service role. A guarded write is an update filtered on the stored
 * event time (and, for subscriptions, on not being cancelled), then an insert if the row is new:
 * whatever the order the events arrive in, the row ends as the newest event described it.
 */
const db = () => serviceClient();

async function guardedWrite(
  table: 'subscriptions' | 'invoices',
  row: { id: string; last_event_at: string; status: string },
): Promise<Applied> {
  for (let attempt = 0; attempt < 2; attempt++) {
    let update = db().from(table).update(row).eq('id', row.id).lte('last_event_at', row.last_event_at);
    // A cancelled subscription is final in Stripe: no later-arriving update brings it back.
    if (table === 'subscriptions' && row.status !== 'canceled') update = update.neq('status', 'canceled');
    const updated = check(await update.select('id')) as { id: string }[];
    if (updated.length > 0) return 'applied';
    const inserted = check(
      await db().from(table).upsert(row, { onConflict: 'id', ignoreDuplicates: true }).select('id'),
    ) as { id: string }[];
    if (inserted.length > 0) return 'applied';
    // The row exists: it is newer (stale event), unless it was inserted between our two queries.
    const existing = check(
      await db().from(table).select('last_event_at, status').eq('id', row.id).maybeSingle(),
    ) as { last_event_at: string; status: string } | null;
    if (
      existing &&
      (new Date(existing.last_event_at) > new Date(row.last_event_at) ||
        (table === 'subscriptions' && existing.status === 'canceled'))
    ) {
      return 'stale';
    }
  }
  return 'stale';
}

const store: BillingStore = {
  async isProcessed(eventId) {
    const row = check(await db().from('stripe_webhook_events').select('id').eq('id', eventId).maybeSingle());
    return row !== null;
  },
  async markProcessed(event) {
    check(
      await db()
        .from('stripe_webhook_events')
        .upsert(
          { id: event.id, type: event.type, stripe_created: event.created },
          { onConflict: 'id', ignoreDuplicates: true },
        ),
    );
  },
  async parentOfCustomer(customerId) {
    const row = check(
      await db()
        .from('billing_customers')
        .select('parent_id')
        .eq('stripe_customer_id', customerId)
        .maybeSingle(),
    ) as { parent_id: string } | null;
    return row?.parent_id ?? null;
  },
  async linkCustomer(parentId, customerId) {
    const { error } = await db()
      .from('billing_customers')
      .upsert(
        { parent_id: parentId, stripe_customer_id: customerId },
        { onConflict: 'parent_id', ignoreDuplicates: true },
      );
    // billing_customers_stripe_customer_id_key: the customer is another parent's.
    if (error?.code === '23505') return 'conflict';
    check({ data: null, error });
    return 'linked';
  },
  async isForgottenCustomer(customerId) {
    const row = check(
      await db()
        .from('deleted_billing_customers')
        .select('stripe_customer_id')
        .eq('stripe_customer_id', customerId)
        .maybeSingle(),
    );
    return row !== null;
  },
  async accountExists(accountId) {
    const { data, error } = await db().auth.admin.getUserById(accountId);
    if (error?.status === 404) return false;
    if (error) throw error;
    return data.user !== null;
  },
  applySubscription: (state) => guardedWrite('subscriptions', state),
  applyInvoice: (state) => guardedWrite('invoices', state),
  async markInvoicePaymentFailed(invoiceId, at) {
    check(
      await db()
        .from('invoices')
        .update({ payment_failed_at: at })
        .eq('id', invoiceId)
        .is('payment_failed_at', null),
    );
  },
};

Deno.serve(createHandler({ store, webhookSecret: () => requireEnv('STRIPE_WEBHOOK_SECRET') }));
