import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_CARDS,
  planPrices,
  stripeClient,
  submitCardForm,
  subscribedCustomer,
} from './stripe-standin-support.ts';

/**
 * A subscription's life on the stand-in, driven with the real SDK: plan changes with prorations,
 * pausing and resuming collection, cancelling, renewals paid or failed (the period test hook),
 * fixing a failed payment with a new card, and the invoices with their PDFs.
 */
const stripe = stripeClient();
let plans: Awaited<ReturnType<typeof planPrices>>;

beforeAll(async () => {
  plans = await planPrices(stripe);
});

async function advance(subscriptionId: string, outcome?: 'succeed' | 'fail') {
  const response = await stripe.rawRequest(
    'POST',
    `/v1/test_helpers/subscriptions/${subscriptionId}/advance_period`,
    outcome ? { outcome, expand: ['latest_invoice'] } : { expand: ['latest_invoice'] },
  );
  return response as unknown as Stripe.Subscription & { latest_invoice: Stripe.Invoice | null };
}

async function eventsFor(objectId: string, type: string) {
  const { data } = await stripe.events.list({ type, limit: 100 });
  return data.filter((event) => (event.data.object as { id: string }).id === objectId);
}

const previous = (event: Stripe.Event) =>
  (event.data as { previous_attributes?: Record<string, unknown> }).previous_attributes ?? {};

const subscriptionOf = (invoice: Stripe.Invoice) => invoice.parent?.subscription_details?.subscription;

describe('changing plan', () => {
  it('with always_invoice bills the prorated difference at once', async () => {
    const { subscription } = await subscribedCustomer(stripe, plans.steady);
    const [item] = subscription.items.data;
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: plans.focused.id }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    expect(updated.items.data[0].price.id).toBe(plans.focused.id);
    expect(updated.items.data[0].id).toBe(item.id);
    expect(updated.items.data[0].current_period_end).toBe(item.current_period_end);
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    expect(subscriptionOf(invoice)).toBe(subscription.id);
    const [credit, charge] = invoice.lines.data;
    expect(credit.parent?.subscription_item_details?.proration).toBe(true);
    expect(credit.amount).toBeLessThan(0);
    expect(charge.amount).toBeGreaterThan(0);
    // Changed moments after subscribing: nearly the whole month is credited and charged again.
    expect(-credit.amount).toBeGreaterThan(34900);
    expect(charge.amount).toBeGreaterThan(64800);
    expect(invoice.amount_paid).toBe(credit.amount + charge.amount);
    const updates = await eventsFor(subscription.id, 'customer.subscription.updated');
    const priceChange = updates.find((event) => previous(event).items);
    expect(priceChange).toBeDefined();
  });

  it('with create_prorations adds the difference to the next renewal invoice', async () => {
    const { subscription } = await subscribedCustomer(stripe, plans.steady);
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0].id, price: plans.intensive.id }],
    });
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
    const renewed = await advance(subscription.id);
    const invoice = renewed.latest_invoice!;
    expect(invoice.billing_reason).toBe('subscription_cycle');
    const prorations = invoice.lines.data.filter((line) => line.parent?.subscription_item_details?.proration);
    const regular = invoice.lines.data.filter((line) => !line.parent?.subscription_item_details?.proration);
    expect(prorations).toHaveLength(2);
    expect(regular.map((line) => line.amount)).toEqual([90000]);
    expect(invoice.total).toBe(invoice.lines.data.reduce((sum, line) => sum + line.amount, 0));
    expect(invoice.total).toBeGreaterThan(90000 + 54000);
    expect(invoice.status).toBe('paid');
  });

  it('a downgrade billed at once leaves a credit that pays the next invoice first', async () => {
    const { customer, subscription } = await subscribedCustomer(stripe, plans.intensive);
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0].id, price: plans.steady.id }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice.total).toBeLessThan(0);
    expect(invoice.amount_due).toBe(0);
    const credit = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(credit.balance).toBe(invoice.total);
    const renewed = await advance(subscription.id);
    expect(renewed.latest_invoice!.total).toBe(35000);
    expect(renewed.latest_invoice!.amount_due).toBe(Math.max(0, 35000 + invoice.total));
  });

  it('refuses an unknown item and a canceled subscription', async () => {
    const { subscription } = await subscribedCustomer(stripe, plans.steady);
    await expect(
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: 'si_nope00000000000', price: plans.focused.id }],
      }),
    ).rejects.toMatchObject({ statusCode: 404, param: 'items[0][id]' });
    await stripe.subscriptions.cancel(subscription.id);
    await expect(
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: subscription.items.data[0].id, price: plans.focused.id }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
    await expect(advance(subscription.id)).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('pausing, resuming, cancelling', () => {
  it('pauses collection (renewal voided, nothing charged) and resumes it', async () => {
    const { subscription } = await subscribedCustomer(stripe, plans.steady);
    const paused = await stripe.subscriptions.update(subscription.id, {
      pause_collection: { behavior: 'void' },
    });
    expect(paused.pause_collection).toEqual({ behavior: 'void', resumes_at: null });
    expect(paused.status).toBe('active');
    const whilePaused = await advance(subscription.id);
    expect(whilePaused.latest_invoice).toMatchObject({ status: 'void', amount_paid: 0 });
    expect(whilePaused.status).toBe('active');

    const resumed = await stripe.subscriptions.update(subscription.id, { pause_collection: '' });
    expect(resumed.pause_collection).toBeNull();
    const next = await advance(subscription.id);
    expect(next.latest_invoice).toMatchObject({ status: 'paid', amount_paid: 35000 });
    const updates = await eventsFor(subscription.id, 'customer.subscription.updated');
    expect(updates.some((event) => previous(event).pause_collection === null)).toBe(true);
  });

  it('refuses /resume for a subscription that is not paused, as Stripe does', async () => {
    const { subscription } = await subscribedCustomer(stripe, plans.steady);
    await expect(stripe.subscriptions.resume(subscription.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('cancels at the period end (and can take it back), then ends at the renewal', async () => {
    const { subscription } = await subscribedCustomer(stripe, plans.focused);
    const periodEnd = subscription.items.data[0].current_period_end;
    const cancelling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({ cancel_at_period_end: true, cancel_at: periodEnd, status: 'active' });
    expect(cancelling.canceled_at).not.toBeNull();
    const kept = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(kept).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });

    const ended = await advance(subscription.id);
    expect(ended.status).toBe('canceled');
    expect(ended.ended_at).toBe(periodEnd);
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
    expect(await eventsFor(subscription.id, 'customer.subscription.deleted')).toHaveLength(1);
  });

  it('cancels at once with DELETE', async () => {
    const { subscription } = await subscribedCustomer(stripe, plans.steady);
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.ended_at).not.toBeNull();
    expect(canceled.cancellation_details?.reason).toBe('cancellation_requested');
    const [deleted] = await eventsFor(subscription.id, 'customer.subscription.deleted');
    expect((deleted.data.object as Stripe.Subscription).status).toBe('canceled');
    await expect(stripe.subscriptions.cancel(subscription.id)).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('renewals and failed payments', () => {
  it('a renewal paid keeps the subscription active and moves its period on', async () => {
    const { subscription } = await subscribedCustomer(stripe, plans.steady);
    const [item] = subscription.items.data;
    const renewed = await advance(subscription.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0].current_period_start).toBe(item.current_period_end);
    expect(renewed.items.data[0].current_period_end).toBeGreaterThan(item.current_period_end + 27 * 86400);
    expect(renewed.latest_invoice).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid' });
    expect(await eventsFor(renewed.latest_invoice!.id, 'invoice.paid')).toHaveLength(1);
  });

  it('previews the next renewal (the next charge) without changing anything', async () => {
    const { subscription } = await subscribedCustomer(stripe, plans.steady);
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0].id, price: plans.focused.id }],
    });
    const preview = await stripe.invoices.createPreview({ subscription: subscription.id });
    const periodEnd = subscription.items.data[0].current_period_end;
    expect(preview).toMatchObject({
      status: 'draft',
      next_payment_attempt: periodEnd,
      billing_reason: 'subscription_cycle',
    });
    expect(
      preview.lines.data.filter((line) => !line.parent?.subscription_item_details?.proration),
    ).toMatchObject([{ amount: 65000, period: { start: periodEnd } }]);
    const renewed = await advance(subscription.id);
    expect(renewed.latest_invoice!.total).toBe(preview.total);
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await expect(stripe.invoices.createPreview({ subscription: subscription.id })).rejects.toMatchObject({
      statusCode: 404,
      code: 'invoice_upcoming_none',
    });
  });

  it('a failed renewal makes it past_due; a new card in the portal pays it and makes it active', async () => {
    const { customer, subscription } = await subscribedCustomer(stripe, plans.steady);
    const failed = await advance(subscription.id, 'fail');
    expect(failed.status).toBe('past_due');
    const invoice = failed.latest_invoice!;
    expect(invoice).toMatchObject({
      status: 'open',
      attempt_count: 1,
      amount_paid: 0,
      amount_remaining: 35000,
    });
    expect(invoice.next_payment_attempt).toBeGreaterThan(Date.now() / 1000);
    const [failure] = await eventsFor(invoice.id, 'invoice.payment_failed');
    expect(subscriptionOf(failure.data.object as Stripe.Invoice)).toBe(subscription.id);

    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost:5173/app/billing',
    });
    expect(portal.url).toMatch(/\/p\/session\/bps_/);
    const declined = await submitCardForm(portal.url, TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    const saved = await submitCardForm(portal.url, TEST_CARDS.succeeds);
    expect(saved.status).toBe(200);

    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('paid');
    const fixed = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ['default_payment_method'],
    });
    expect(fixed.status).toBe('active');
    expect((fixed.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');
  });

  it('the saved card decides a renewal: 4000 0000 0000 0341 fails, paying with a good card fixes it', async () => {
    const { customer, subscription } = await subscribedCustomer(stripe, plans.steady);
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id });
    expect((await submitCardForm(portal.url, TEST_CARDS.failsAtCharge)).status).toBe(200);
    const failed = await advance(subscription.id);
    expect(failed.status).toBe('past_due');
    const invoice = failed.latest_invoice!;
    await expect(stripe.invoices.pay(invoice.id)).rejects.toMatchObject({
      type: 'StripeCardError',
      statusCode: 402,
      code: 'card_declined',
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    const good = (await stripe.customers.listPaymentMethods(customer.id)).data.find(
      (method) => method.card?.last4 === '4242',
    )!;
    const paid = await stripe.invoices.pay(invoice.id, { payment_method: good.id });
    expect(paid.status).toBe('paid');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });
});

describe('invoices', () => {
  it("lists a subscription's invoices newest first, each with a page and a real PDF", async () => {
    const { customer, subscription } = await subscribedCustomer(stripe, plans.focused);
    await advance(subscription.id);
    const { data } = await stripe.invoices.list({ customer: customer.id });
    expect(data.map((invoice) => invoice.billing_reason)).toEqual([
      'subscription_cycle',
      'subscription_create',
    ]);
    const [latest, first] = data;
    expect(first.number).toMatch(/^[A-Z0-9]{8}-0001$/);
    expect(latest.number).toMatch(/-0002$/);
    expect(first).toMatchObject({
      status: 'paid',
      amount_paid: 65000,
      currency: 'usd',
      customer: customer.id,
    });
    expect(first.status_transitions.paid_at).not.toBeNull();
    expect(subscriptionOf(first)).toBe(subscription.id);

    const page = await fetch(first.hosted_invoice_url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(first.number!);

    const pdf = await fetch(first.invoice_pdf!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="Invoice-.*\.pdf"$/);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    // The cross-reference table is where startxref says, and each object where the table says.
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.length).toBeGreaterThan(5);
    offsets.forEach((offset, index) => expect(text.startsWith(`${index + 1} 0 obj\n`, offset)).toBe(true));
    expect(text).toContain(`(${first.number})`);
    expect(text).toContain('($650.00)');
    // The period reads "November 26, 2026 – December 26, 2026": WinAnsi's en dash, not a "?".
    expect(text).toMatch(/\([A-Z][a-z]+ \d{1,2}, \d{4} \x96 [A-Z][a-z]+ \d{1,2}, \d{4}\)/);
    expect(text).not.toMatch(/\d{4} \? [A-Z]/);
  });
});
