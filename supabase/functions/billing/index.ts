import Stripe from 'stripe';
import { HttpError } from '../_shared/http.ts';
import { stripe } from '../_shared/stripe.ts';
import { check, serviceClient } from '../_shared/supabase.ts';
import { createHandler, type BillingData, type CurrentSubscription, type StripePort } from './handler.ts';

const db = () => serviceClient();

const data: BillingData = {
  async parentOf(token) {
    const { data: auth, error } = await db().auth.getUser(token);
    if (error || !auth.user) return null;
    const roles = check(await db().from('user_roles').select('role').eq('user_id', auth.user.id)) as {
      role: string;
    }[];
    if (!roles.some((r) => r.role === 'parent')) return 'not-a-parent';
    const profile = check(
      await db().from('profiles').select('first_name, last_name').eq('id', auth.user.id).maybeSingle(),
    ) as { first_name: string | null; last_name: string | null } | null;
    const name = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ').trim();
    return { id: auth.user.id, email: auth.user.email ?? '', name: name || null };
  },
  async customerOf(parentId) {
    const row = check(
      await db()
        .from('billing_customers')
        .select('stripe_customer_id')
        .eq('parent_id', parentId)
        .maybeSingle(),
    ) as { stripe_customer_id: string } | null;
    return row?.stripe_customer_id ?? null;
  },
  async saveCustomer(parentId, customerId) {
    check(
      await db().from('billing_customers').insert({ parent_id: parentId, stripe_customer_id: customerId }),
    );
  },
  async currentSubscriptionOf(parentId) {
    return check(
      await db()
        .from('subscriptions')
        .select('id, plan, status, pause_behavior, cancel_at_period_end')
        .eq('parent_id', parentId)
        .not('status', 'in', '(canceled,incomplete,incomplete_expired)')
        .order('stripe_created', { ascending: false })
        .limit(1)
        .maybeSingle(),
    ) as CurrentSubscription | null;
  },
  async hasInvoice(parentId, invoiceId) {
    const row = check(
      await db().from('invoices').select('id').eq('parent_id', parentId).eq('id', invoiceId).maybeSingle(),
    );
    return row !== null;
  },
};

const prices = new Map<string, string>();

const stripePort: StripePort = {
  async createCustomer(parent) {
    const customer = await stripe().customers.create(
      {
        email: parent.email,
        ...(parent.name ? { name: parent.name } : {}),
        metadata: { parent_id: parent.id },
      },
      { idempotencyKey: `customer-${parent.id}` },
    );
    return customer.id;
  },
  async priceIdOf(lookupKey) {
    const known = prices.get(lookupKey);
    if (known) return known;
    const list = await stripe().prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const price = list.data[0];
    if (!price) throw new Error(`No active Stripe price has the lookup key ${lookupKey}`);
    prices.set(lookupKey, price.id);
    return price.id;
  },
  async createCheckout({ customerId, priceId, parentId, successUrl, cancelUrl }) {
    const session = await stripe().checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: parentId,
      line_items: [{ price: priceId, quantity: 1 }],
      subscription_data: { metadata: { parent_id: parentId } },
      success_url: successUrl,
      cancel_url: cancelUrl,
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return session.url;
  },
  async changePrice(subscriptionId, priceId) {
    const subscription = await stripe().subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    await stripe().subscriptions.update(subscriptionId, {
      items: [{ id: item.id, price: priceId }],
      proration_behavior: 'create_prorations',
    });
  },
  async setPaused(subscriptionId, paused) {
    await stripe().subscriptions.update(subscriptionId, {
      // An empty value unsets pause_collection: collection resumes.
      pause_collection: paused ? { behavior: 'void' } : '',
    });
  },
  async setCancelAtPeriodEnd(subscriptionId, cancel) {
    await stripe().subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
  },
  async portalUrl(customerId, returnUrl) {
    try {
      const session = await stripe().billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        throw new HttpError(409, 'Updating the card is not available right now; please contact us');
      }
      throw error;
    }
  },
  async invoicePdf(invoiceId) {
    const invoice = await stripe().invoices.retrieve(invoiceId);
    return invoice.invoice_pdf ?? null;
  },
  async nextCharge(customerId, subscriptionId) {
    try {
      const preview = await stripe().invoices.createPreview({
        customer: customerId,
        subscription: subscriptionId,
      });
      const proration = preview.lines.data
        .filter((line) => line.parent?.subscription_item_details?.proration)
        .reduce((sum, line) => sum + line.amount, 0);
      return {
        amount_due: preview.amount_due,
        currency: preview.currency,
        date: preview.next_payment_attempt
          ? new Date(preview.next_payment_attempt * 1000).toISOString()
          : null,
        proration,
      };
    } catch (error) {
      // No invoice is coming (Stripe's invoice_upcoming_none), or Stripe does not know the subscription.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw error;
    }
  },
  async cardOf(customerId) {
    try {
      const customer = await stripe().customers.retrieve(customerId, {
        expand: ['invoice_settings.default_payment_method'],
      });
      if (customer.deleted) return null;
      let method = customer.invoice_settings.default_payment_method;
      if (!method || typeof method === 'string') {
        method = (await stripe().customers.listPaymentMethods(customerId, { type: 'card', limit: 1 }))
          .data[0];
      }
      const card = method?.card;
      return card
        ? { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year }
        : null;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw error;
    }
  },
};

Deno.serve(createHandler({ data, stripe: stripePort, siteUrl: Deno.env.get('SITE_URL') || undefined }));
