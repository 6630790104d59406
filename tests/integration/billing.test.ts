import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '../../local-supabase/config.ts';
import { adminDb, signedInClient, stackEnv } from '../support/stack.ts';

/**
 * Billing end to end on the stack: the `billing` function asks the local Stripe stand-in, the
 * stand-in pays with a test card and sends its signed events to `stripe-webhook`, which writes the
 * family's rows; the parent reads them with supabase-js (RLS), and nobody else does.
 */

function stripeBase(): URL {
  const base = process.env.STRIPE_API_BASE;
  if (!base) throw new Error('STRIPE_API_BASE is not set: run through scripts/with-test-stack.ts');
  return new URL(base);
}

let stripe: Stripe;
beforeAll(() => {
  const base = stripeBase();
  stripe = new Stripe(STRIPE_SECRET_KEY, { host: base.hostname, port: Number(base.port), protocol: 'http' });
});

interface Family {
  client: SupabaseClient;
  userId: string;
}

/** Calls the billing function as the site does (the parent's access token), keeping the status. */
async function invokeBilling(family: Family, body: Record<string, unknown>) {
  const { data } = await family.client.auth.getSession();
  const response = await fetch(`${stackEnv.url}/functions/v1/billing`, {
    method: 'POST',
    headers: {
      apikey: stackEnv.anonKey,
      Authorization: `Bearer ${data.session!.access_token}`,
      'Content-Type': 'application/json',
      Origin: stackEnv.siteUrl,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Pays on the hosted Checkout page as a person does (the form post); returns where it redirects. */
async function payOnCheckout(url: string, cardNumber = '4242 4242 4242 4242'): Promise<string | null> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Pat Parent', cardNumber, cardExpiry: '12 / 34', cardCvc: '123' }),
    redirect: 'manual',
  });
  return response.headers.get('location');
}

/** Reads the family's subscription (as the parent) until `done` holds: the webhook has written it. */
async function subscriptionWhen(family: Family, done: (row: Record<string, unknown>) => boolean) {
  const deadline = Date.now() + 15_000;
  let last: Record<string, unknown> | undefined;
  while (Date.now() < deadline) {
    const { data, error } = await family.client
      .from('subscriptions')
      .select('*')
      .order('stripe_created', { ascending: false })
      .limit(1);
    if (error) throw error;
    last = data[0] as Record<string, unknown> | undefined;
    if (last && done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the subscription never reached the expected state; last: ${JSON.stringify(last)}`);
}

async function subscribe(family: Family, plan = 'steady-growth') {
  const checkout = await invokeBilling(family, { action: 'checkout', plan });
  expect(checkout.status).toBe(200);
  const location = await payOnCheckout(String(checkout.body.url));
  expect(location).toMatch(new RegExp(`^${stackEnv.siteUrl}/app/billing\\?checkout=success&session_id=cs_`));
  return subscriptionWhen(family, (row) => row.status === 'active');
}

describe('a family subscribes, changes plan, pauses, resumes and cancels', () => {
  let family: Family;
  let other: Family;
  beforeAll(async () => {
    family = await signedInClient();
    other = await signedInClient();
  });

  it('checkout with 4242: an active subscription with its next charge, and a paid invoice with a PDF', async () => {
    const sub = await subscribe(family);
    expect(sub).toMatchObject({
      parent_id: family.userId,
      plan: 'steady-growth',
      status: 'active',
      pause_behavior: null,
      cancel_at_period_end: false,
    });
    const periodEnd = new Date(String(sub.current_period_end)).getTime();
    expect(periodEnd - Date.now()).toBeGreaterThan(27 * 86_400_000);

    const { data: invoices, error } = await family.client.from('invoices').select('*').eq('status', 'paid');
    expect(error).toBeNull();
    expect(invoices).toHaveLength(1);
    expect(invoices![0]).toMatchObject({ amount_paid: 35000, currency: 'usd', subscription_id: sub.id });
    const pdf = await fetch(String(invoices![0].invoice_pdf));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const link = await invokeBilling(family, { action: 'invoice_link', invoice_id: invoices![0].id });
    expect(link).toEqual({ status: 200, body: { url: invoices![0].invoice_pdf } });
    expect(await invokeBilling(other, { action: 'invoice_link', invoice_id: invoices![0].id })).toEqual({
      status: 404,
      body: { error: 'No such invoice' },
    });
  });

  it('another parent sees none of it, and nobody can write it through the API', async () => {
    for (const table of ['subscriptions', 'invoices', 'billing_customers']) {
      const { data } = await other.client.from(table).select('parent_id').eq('parent_id', family.userId);
      expect(data, table).toEqual([]);
    }
    const update = await family.client
      .from('subscriptions')
      .update({ plan: 'intensive-momentum' })
      .eq('parent_id', family.userId)
      .select();
    expect(update.error?.code).toBe('42501');
    const insert = await family.client.from('invoices').insert({
      id: 'in_forged',
      parent_id: family.userId,
      status: 'paid',
      currency: 'usd',
      amount_due: 0,
      amount_paid: 0,
      stripe_created: new Date().toISOString(),
      last_event_at: new Date().toISOString(),
    });
    expect(insert.error?.code).toBe('42501');
  });

  it('a second checkout is refused while the plan runs', async () => {
    expect(await invokeBilling(family, { action: 'checkout', plan: 'focused-progress' })).toEqual({
      status: 409,
      body: { error: 'You already have a plan: change it instead' },
    });
  });

  it('switch to Focused Progress, pause, resume, cancel: each reaches our tables through the webhook', async () => {
    expect((await invokeBilling(family, { action: 'change_plan', plan: 'focused-progress' })).status).toBe(
      202,
    );
    const changed = await subscriptionWhen(family, (row) => row.plan === 'focused-progress');
    expect(changed.status).toBe('active');

    expect((await invokeBilling(family, { action: 'pause' })).status).toBe(202);
    await subscriptionWhen(family, (row) => row.pause_behavior === 'void');

    expect((await invokeBilling(family, { action: 'resume' })).status).toBe(202);
    await subscriptionWhen(family, (row) => row.pause_behavior === null);

    expect((await invokeBilling(family, { action: 'cancel' })).status).toBe(202);
    const cancelling = await subscriptionWhen(family, (row) => row.cancel_at_period_end === true);
    expect(cancelling.status).toBe('active');

    // The paid month ends: Stripe deletes the subscription, and it ends here too.
    await stripe.rawRequest(
      'POST',
      `/v1/test_helpers/subscriptions/${String(cancelling.id)}/advance_period`,
      {},
    );
    const ended = await subscriptionWhen(family, (row) => row.status === 'canceled');
    expect(ended.ended_at).not.toBeNull();
    // With the plan over, a new checkout is possible again.
    expect((await invokeBilling(family, { action: 'checkout', plan: 'steady-growth' })).status).toBe(200);
  });
});

describe("what only Stripe knows: the next charge after a plan change, the card, the invoice's name", () => {
  it('an upgrade adds the difference for the rest of the month to the next charge, as the dialog says', async () => {
    const family = await signedInClient({ firstName: 'Nora', lastName: 'Upgrade' });
    await subscribe(family);
    const before = await invokeBilling(family, { action: 'summary' });
    expect(before.status).toBe(200);
    expect(before.body.next_charge).toMatchObject({ amount_due: 35000, currency: 'usd', proration: 0 });
    expect(before.body.card).toEqual({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 });

    expect((await invokeBilling(family, { action: 'change_plan', plan: 'focused-progress' })).status).toBe(
      202,
    );
    await subscriptionWhen(family, (row) => row.plan === 'focused-progress');
    const after = await invokeBilling(family, { action: 'summary' });
    const next = after.body.next_charge as { amount_due: number; proration: number; date: string };
    // Almost the whole month is left: about $650 - $350 for it, on top of the $650 renewal.
    expect(next.proration).toBeGreaterThan(29_000);
    expect(next.proration).toBeLessThanOrEqual(30_000);
    expect(next.amount_due).toBe(65_000 + next.proration);
    const { data: sub } = await family.client.from('subscriptions').select('current_period_end').single();
    expect(Date.parse(next.date)).toBe(Date.parse(String(sub!.current_period_end)));

    // Invoices are billed to the parent by name, not by email alone.
    const { data: invoices } = await family.client.from('invoices').select('id').eq('status', 'paid');
    const invoice = await stripe.invoices.retrieve(String(invoices![0].id));
    expect(invoice.customer_name).toBe('Nora Upgrade');
  });

  it('before any checkout there is nothing to show; paused, no charge is coming', async () => {
    const family = await signedInClient();
    expect(await invokeBilling(family, { action: 'summary' })).toEqual({
      status: 200,
      body: { next_charge: null, card: null },
    });
    await subscribe(family);
    expect((await invokeBilling(family, { action: 'pause' })).status).toBe(202);
    await subscriptionWhen(family, (row) => row.pause_behavior === 'void');
    const paused = await invokeBilling(family, { action: 'summary' });
    expect(paused.body.next_charge).toBeNull();
    expect(paused.body.card).toMatchObject({ last4: '4242' });
  });
});

describe('a failed renewal', () => {
  it('marks the open invoice failed and the subscription past due; paying it makes it active again', async () => {
    const family = await signedInClient();
    const sub = await subscribe(family);
    await stripe.rawRequest('POST', `/v1/test_helpers/subscriptions/${String(sub.id)}/advance_period`, {
      outcome: 'fail',
    });
    await subscriptionWhen(family, (row) => row.status === 'past_due');
    const { data: failed } = await family.client
      .from('invoices')
      .select('id, status, payment_failed_at')
      .eq('status', 'open');
    expect(failed).toHaveLength(1);
    expect(failed![0].payment_failed_at).not.toBeNull();

    const card = await invokeBilling(family, { action: 'update_card' });
    expect(card.status).toBe(200);
    expect(String(card.body.url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);

    await stripe.invoices.pay(String(failed![0].id));
    await subscriptionWhen(family, (row) => row.status === 'active');
    const { data: after } = await family.client.from('invoices').select('status').eq('id', failed![0].id);
    expect(after).toEqual([{ status: 'paid' }]);
  });
});

describe('the stripe-webhook endpoint over HTTP', () => {
  const endpoint = () => `${stackEnv.url}/functions/v1/stripe-webhook`;
  const sign = (payload: string, t: number, secret = STRIPE_WEBHOOK_SECRET) =>
    `t=${t},v1=${crypto.createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;

  it('needs no JWT but refuses a bad signature with 400, and a replayed event changes nothing', async () => {
    const family = await signedInClient();
    const sub = await subscribe(family);
    const db = await adminDb();
    try {
      // The stand-in's own record of the event that created the subscription, delivered again.
      const events = await stripe.events.list({ type: 'customer.subscription.created', limit: 100 });
      const created = events.data.find((e) => (e.data.object as { id: string }).id === sub.id)!;
      const payload = JSON.stringify(created);
      const now = Math.floor(Date.now() / 1000);

      const forged = await fetch(endpoint(), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Stripe-Signature': sign(payload, now, 'whsec_wrong'),
        },
        body: payload,
      });
      expect(forged.status).toBe(400);
      expect(await forged.json()).toEqual({ error: 'Signature does not match the payload' });

      const old = await fetch(endpoint(), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': sign(payload, now - 3600) },
        body: payload,
      });
      expect(old.status).toBe(400);

      await db.query(`update public.subscriptions set plan = 'intensive-momentum' where id = $1`, [sub.id]);
      const replay = await fetch(endpoint(), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': sign(payload, now) },
        body: payload,
      });
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ received: true, duplicate: true });
      const { rows } = await db.query('select plan from public.subscriptions where id = $1', [sub.id]);
      expect(rows).toEqual([{ plan: 'intensive-momentum' }]);
    } finally {
      await db.end();
    }
  });
});

describe('billing ends with the family', () => {
  const endpoint = () => `${stackEnv.url}/functions/v1/stripe-webhook`;
  const sign = (payload: string, t: number) =>
    `t=${t},v1=${crypto.createHmac('sha256', STRIPE_WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex')}`;
  /** Delivers an event signed as Stripe signs it. */
  async function deliver(event: Record<string, unknown>) {
    const payload = JSON.stringify(event);
    const response = await fetch(endpoint(), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': sign(payload, Math.floor(Date.now() / 1000)),
      },
      body: payload,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  async function customerOf(family: Family): Promise<string> {
    const { data, error } = await family.client
      .from('billing_customers')
      .select('stripe_customer_id')
      .single();
    if (error) throw error;
    return String(data.stripe_customer_id);
  }

  it('deleting a family cancels its subscription at once and deletes its Stripe customer; later events answer 200', async () => {
    const family = await signedInClient();
    const sub = await subscribe(family);
    const customer = await customerOf(family);

    // As the account page does it.
    const { data, error } = await family.client.functions.invoke('family-data', {
      body: { action: 'delete', confirmation: 'DELETE' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ deleted: true });

    const atStripe = await stripe.subscriptions.retrieve(String(sub.id));
    expect(atStripe.status).toBe('canceled');
    expect(atStripe.cancel_at_period_end).toBe(false);
    const deleted = await stripe.customers.retrieve(customer);
    expect(deleted.deleted).toBe(true);

    // Stripe's next word about that customer is acknowledged, not failed and retried for days.
    const db = await adminDb();
    try {
      const event = {
        id: `evt_after_deletion_${crypto.randomUUID().replace(/-/g, '')}`,
        object: 'event',
        type: 'customer.subscription.updated',
        created: Math.floor(Date.now() / 1000),
        data: { object: { ...atStripe, status: 'active', canceled_at: null, ended_at: null } },
      };
      expect(await deliver(event)).toEqual({ status: 200, body: { received: true, result: 'ignored' } });
      const processed = await db.query('select type from public.stripe_webhook_events where id = $1', [
        event.id,
      ]);
      expect(processed.rows).toEqual([{ type: 'customer.subscription.updated' }]);
      const rows = await db.query('select id from public.subscriptions where id = $1', [sub.id]);
      expect(rows.rows).toEqual([]);
    } finally {
      await db.end();
    }
  });

  it('a checkout for a customer already linked to another family is acknowledged, recorded and relinks nothing', async () => {
    const owner = await signedInClient();
    await subscribe(owner);
    const customer = await customerOf(owner);
    const other = await signedInClient();
    const event = {
      id: `evt_taken_${crypto.randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `cs_taken_${crypto.randomUUID().replace(/-/g, '')}`,
          object: 'checkout.session',
          mode: 'subscription',
          customer,
          client_reference_id: other.userId,
          metadata: {},
        },
      },
    };
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, result: 'ignored' } });
    const db = await adminDb();
    try {
      const processed = await db.query('select type from public.stripe_webhook_events where id = $1', [
        event.id,
      ]);
      expect(processed.rows).toEqual([{ type: 'checkout.session.completed' }]);
      const links = await db.query(
        'select parent_id from public.billing_customers where stripe_customer_id = $1 or parent_id = $2',
        [customer, other.userId],
      );
      expect(links.rows).toEqual([{ parent_id: owner.userId }]);
    } finally {
      await db.end();
    }
  });
});
