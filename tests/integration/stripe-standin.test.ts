import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '../../local-supabase/config.ts';
import { startStripeStandin } from '../../local-supabase/stripe/index.ts';
import {
  TEST_CARDS,
  planPrices,
  stripeClient,
  stripeEnv,
  submitCardForm,
  subscribedCustomer,
  uniqueCustomerEmail,
} from './stripe-standin-support.ts';

/**
 * The local Stripe stand-in as the billing function sees it: the real `stripe` SDK pointed at the
 * test stack's stand-in with host/port/protocol, and a person on the hosted Checkout page.
 */
const stripe = stripeClient();

describe('the three plans', () => {
  it('are monthly USD prices found by their lookup keys, with their products', async () => {
    const { steady, focused, intensive } = await planPrices(stripe);
    expect([steady.unit_amount, focused.unit_amount, intensive.unit_amount]).toEqual([35000, 65000, 90000]);
    for (const price of [steady, focused, intensive]) {
      expect(price.id).toMatch(/^price_/);
      expect(price.currency).toBe('usd');
      expect(price.type).toBe('recurring');
      expect(price.recurring).toMatchObject({ interval: 'month', interval_count: 1 });
    }
    expect((steady.product as Stripe.Product).name).toBe('Steady Growth');
    expect((focused.product as Stripe.Product).name).toBe('Focused Progress');
    expect((intensive.product as Stripe.Product).name).toBe('Intensive Momentum');
  });
});

describe('requests and errors as Stripe answers them', () => {
  it('refuses a wrong or missing secret key with 401', async () => {
    const wrong = stripeClient('sk_test_wrong_key_0000000000');
    await expect(wrong.customers.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    const response = await fetch(`${stripeEnv.apiBase}/v1/customers`);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/API key/);
  });

  it('answers a missing object with 404 resource_missing and the parameter', async () => {
    await expect(stripe.customers.retrieve('cus_doesnotexist00')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      message: "No such customer: 'cus_doesnotexist00'",
    });
  });

  it('refuses unknown parameters and wrong types with 400 and the parameter', async () => {
    await expect(
      stripe.customers.create({
        email: 'a@example.com',
        favourite_colour: 'blue',
      } as Stripe.CustomerCreateParams),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'favourite_colour' });
    await expect(stripe.subscriptions.list({ limit: 'many' as unknown as number })).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_invalid_integer',
      param: 'limit',
    });
  });

  it('creates, updates, lists and deletes customers with Stripe ids and metadata', async () => {
    const email = uniqueCustomerEmail();
    const customer = await stripe.customers.create({
      email,
      name: 'Pat Parent',
      metadata: { user_id: 'u-1' },
    });
    expect(customer.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(customer).toMatchObject({
      object: 'customer',
      email,
      name: 'Pat Parent',
      metadata: { user_id: 'u-1' },
    });
    const updated = await stripe.customers.update(customer.id, {
      metadata: { family_id: 'f-1', user_id: '' },
    });
    expect(updated.metadata).toEqual({ family_id: 'f-1' });
    const listed = await stripe.customers.list({ email });
    expect(listed.data.map((found) => found.id)).toEqual([customer.id]);
    const deleted = await stripe.customers.del(customer.id);
    expect(deleted).toEqual({ id: customer.id, object: 'customer', deleted: true });
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, deleted: true });
  });

  it('replays an idempotent request and refuses the same key with other parameters', async () => {
    const key = `test-${Date.now()}-${Math.random()}`;
    const email = uniqueCustomerEmail();
    const first = await stripe.customers.create({ email }, { idempotencyKey: key });
    const again = await stripe.customers.create({ email }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.customers.list({ email })).data).toHaveLength(1);
    await expect(
      stripe.customers.create({ email: uniqueCustomerEmail() }, { idempotencyKey: key }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
  });

  it('does not keep a result refused by validation, so the corrected request runs under the same key', async () => {
    const key = `test-${Date.now()}-${Math.random()}`;
    await expect(
      stripe.customers.create({ email: 'x@example.com', nickname: 'x' } as Stripe.CustomerCreateParams, {
        idempotencyKey: key,
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_unknown' });
    const email = uniqueCustomerEmail();
    const created = await stripe.customers.create({ email }, { idempotencyKey: key });
    expect(created.email).toBe(email);
  });

  it('finds customers with the search language by email and metadata', async () => {
    const email = uniqueCustomerEmail();
    const userId = `user-${Date.now()}-${Math.random()}`;
    const customer = await stripe.customers.create({ email, metadata: { user_id: userId } });
    await stripe.customers.create({ email: uniqueCustomerEmail(), metadata: { user_id: 'someone-else' } });
    const byMetadata = await stripe.customers.search({ query: `metadata['user_id']:'${userId}'` });
    expect(byMetadata.data.map((found) => found.id)).toEqual([customer.id]);
    const both = await stripe.customers.search({
      query: `email:'${email}' AND metadata['user_id']:'${userId}'`,
    });
    expect(both.data.map((found) => found.id)).toEqual([customer.id]);
    await expect(stripe.customers.search({ query: 'created>1' })).rejects.toMatchObject({
      statusCode: 400,
      param: 'query',
    });
  });

  it('pages lists newest first with starting_after', async () => {
    const email = uniqueCustomerEmail();
    const a = await stripe.customers.create({ email });
    const b = await stripe.customers.create({ email });
    const c = await stripe.customers.create({ email });
    const first = await stripe.customers.list({ email, limit: 2 });
    expect(first.data.map((customer) => customer.id)).toEqual([c.id, b.id]);
    expect(first.has_more).toBe(true);
    const next = await stripe.customers.list({ email, limit: 2, starting_after: b.id });
    expect(next.data.map((customer) => customer.id)).toEqual([a.id]);
    expect(next.has_more).toBe(false);
  });
});

describe('Checkout in subscription mode', () => {
  it('validates the session: mode, line items, known prices, one of customer or customer_email', async () => {
    const { steady } = await planPrices(stripe);
    await expect(
      stripe.checkout.sessions.create({
        line_items: [{ price: steady.id, quantity: 1 }],
      } as Stripe.Checkout.SessionCreateParams),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'mode' });
    await expect(
      stripe.checkout.sessions.create({ mode: 'subscription', success_url: 'http://localhost/ok' }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'line_items' });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_1NoSuchPrice000000000000', quantity: 1 }],
      }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'line_items[0][price]' });
    const customer = await stripe.customers.create({ email: uniqueCustomerEmail() });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        customer_email: 'other@example.com',
        line_items: [{ price: steady.id, quantity: 1 }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'customer_email' });
  });

  it('takes a declined card on the hosted page without completing, then a good card', async () => {
    const { steady } = await planPrices(stripe);
    const email = uniqueCustomerEmail();
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: email,
      client_reference_id: 'user-123',
      line_items: [{ price: steady.id, quantity: 1 }],
      metadata: { family_id: 'family-1' },
      subscription_data: { metadata: { family_id: 'family-1' } },
      success_url: 'http://localhost:5173/app/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:5173/app/billing?checkout=cancelled',
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 35000,
      currency: 'usd',
      subscription: null,
    });
    expect(session.url).toMatch(new RegExp(`^${stripeEnv.apiBase}/c/pay/${session.id}$`));

    const pageHtml = await (await fetch(session.url!)).text();
    expect(pageHtml).toContain('Steady Growth');
    expect(pageHtml).toContain('$350.00');

    const declined = await submitCardForm(session.url!, TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const paid = await submitCardForm(session.url!, TEST_CARDS.succeeds);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://localhost:5173/app/billing?checkout=success&session_id=${session.id}`);

    const completed = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription', 'line_items', 'customer'],
    });
    expect(completed).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: 'user-123',
      metadata: { family_id: 'family-1' },
      customer_details: { email },
      url: null,
    });
    expect((completed.customer as Stripe.Customer).email).toBe(email);
    expect(completed.line_items!.data).toMatchObject([
      { quantity: 1, amount_total: 35000, price: { id: steady.id } },
    ]);
    const subscription = completed.subscription as Stripe.Subscription;
    expect(subscription.id).toMatch(/^sub_1/);
    expect(subscription).toMatchObject({
      status: 'active',
      customer: (completed.customer as Stripe.Customer).id,
      metadata: { family_id: 'family-1' },
      cancel_at_period_end: false,
      pause_collection: null,
    });
    const [item] = subscription.items.data;
    expect(item.price.id).toBe(steady.id);
    // a month from now (28 to 31 days)
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(28 * 86400);
    expect(item.current_period_end - item.current_period_start).toBeLessThanOrEqual(31 * 86400);

    // The completed page no longer takes a card.
    expect(
      (await submitCardForm(`${stripeEnv.apiBase}/c/pay/${session.id}`, TEST_CARDS.succeeds)).status,
    ).toBe(200);
    expect(
      (await stripe.subscriptions.list({ customer: subscription.customer as string })).data,
    ).toHaveLength(1);
  });

  it('saves 4000 0000 0000 0341 to the customer but its first charge is declined', async () => {
    const { focused } = await planPrices(stripe);
    const customer = await stripe.customers.create({ email: uniqueCustomerEmail() });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: focused.id, quantity: 1 }],
      success_url: 'http://localhost:5173/app/billing',
    });
    const attempt = await submitCardForm(session.url!, TEST_CARDS.failsAtCharge);
    expect(attempt.status).toBe(402);
    expect(attempt.html).toContain('Your card was declined.');
    const methods = await stripe.customers.listPaymentMethods(customer.id);
    expect(methods.data.map((method) => method.card?.last4)).toEqual(['0341']);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
  });

  it('expires an open session, after which its page takes no card', async () => {
    const { steady } = await planPrices(stripe);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: steady.id, quantity: 1 }],
      success_url: 'http://localhost:5173/app/billing',
    });
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    const page = await submitCardForm(session.url!, TEST_CARDS.succeeds);
    expect(page.status).toBe(200);
    expect(page.html).toContain('expired');
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it("lists a customer's subscriptions, canceled ones only when asked", async () => {
    const { steady } = await planPrices(stripe);
    const { customer, subscription } = await subscribedCustomer(stripe, steady);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data.map((s) => s.id)).toEqual([
      subscription.id,
    ]);
    await stripe.subscriptions.cancel(subscription.id);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect(
      (await stripe.subscriptions.list({ customer: customer.id, status: 'canceled' })).data.map((s) => s.id),
    ).toEqual([subscription.id]);
  });
});

describe('a restarted stand-in', () => {
  it('still has its customers, subscriptions and plans (the stack database refers to them)', async () => {
    const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stripe-standin-'));
    const start = () =>
      startStripeStandin({
        host: '127.0.0.1',
        port: 0,
        secretKey: STRIPE_SECRET_KEY,
        webhookSecret: STRIPE_WEBHOOK_SECRET,
        stateDir,
      });
    const clientFor = (url: string) => {
      const base = new URL(url);
      return new Stripe(STRIPE_SECRET_KEY, {
        host: base.hostname,
        port: Number(base.port),
        protocol: 'http',
      });
    };
    try {
      const first = await start();
      const before = clientFor(first.url);
      const prices = await planPrices(before);
      const customer = await before.customers.create({ email: uniqueCustomerEmail() });
      await first.stop();

      const second = await start();
      try {
        const after = clientFor(second.url);
        expect((await after.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
          id: customer.id,
          email: customer.email,
        });
        expect((await planPrices(after)).steady.id).toBe(prices.steady.id);
        expect((await after.prices.list({ lookup_keys: ['steady_growth_monthly'] })).data).toHaveLength(1);
      } finally {
        await second.stop();
      }
    } finally {
      fs.rmSync(stateDir, { recursive: true, force: true });
    }
  });
});
