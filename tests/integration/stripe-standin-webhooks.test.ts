import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  apiUrl,
  loadConfig,
  stripeUrl,
  stripeWebhookUrl,
} from '../../local-supabase/config.ts';
import { functionEnv } from '../../local-supabase/functions/env.ts';
import { startStripeStandin, type StripeStandin } from '../../local-supabase/stripe/index.ts';
import {
  TEST_CARDS,
  planPrices,
  stripeClient,
  submitCardForm,
  uniqueCustomerEmail,
  webhookReceiver,
  type ReceivedWebhook,
} from './stripe-standin-support.ts';

/**
 * Webhooks as Stripe sends them: every event POSTed to each endpoint that wants it, signed
 * `t=…,v1=HMAC-SHA256(secret, "t.body")` so the SDK's own verifier accepts it, retried when the
 * endpoint does not answer 2xx. Endpoints here are created through the API (as in Stripe) on the
 * test stack's stand-in, and a second stand-in shows the stack's configured endpoint and retries.
 */
const stripe = stripeClient();
const verifier = new Stripe('sk_test_unused');

async function subscribeWithCheckout(price: Stripe.Price) {
  const customer = await stripe.customers.create({ email: uniqueCustomerEmail() });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://localhost:5173/app/billing?session_id={CHECKOUT_SESSION_ID}',
  });
  expect((await submitCardForm(session.url!, TEST_CARDS.succeeds)).status).toBe(303);
  return { customer, session };
}

describe('webhook endpoints created through the API', () => {
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  let endpoint: Stripe.WebhookEndpoint;

  beforeAll(async () => {
    receiver = await webhookReceiver();
    endpoint = await stripe.webhookEndpoints.create({ url: receiver.url, enabled_events: ['*'] });
  });
  afterAll(async () => {
    await stripe.webhookEndpoints.del(endpoint.id);
    await receiver.close();
  });

  it('shows the signing secret only when the endpoint is created', async () => {
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect((await stripe.webhookEndpoints.retrieve(endpoint.id)).secret).toBeUndefined();
  });

  it('signs each event so that the SDK verifies it with the secret, and only with it', async () => {
    const { steady } = await planPrices(stripe);
    const { session } = await subscribeWithCheckout(steady);
    const hook = await receiver.waitFor(
      (candidate) =>
        candidate.event.type === 'checkout.session.completed' &&
        candidate.event.data.object.id === session.id,
    );
    expect(hook.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const timestamp = Number(/^t=(\d+)/.exec(hook.signature)![1]);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(300);

    const event = verifier.webhooks.constructEvent(hook.body, hook.signature, endpoint.secret!, 300);
    expect(event.type).toBe('checkout.session.completed');
    const completed = event.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid' });
    expect(completed.subscription).toMatch(/^sub_/);
    // The body is the event as the API gives it.
    expect((await stripe.events.retrieve(event.id)).data.object).toEqual(event.data.object);

    expect(() => verifier.webhooks.constructEvent(hook.body, hook.signature, 'whsec_not_the_secret')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const tampered = hook.body.replace('"paid"', '"unpaid"');
    expect(() => verifier.webhooks.constructEvent(tampered, hook.signature, endpoint.secret!)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('sends what a subscription by Checkout causes: created, invoice paid, updated to active, session completed', async () => {
    const { intensive } = await planPrices(stripe);
    const { customer } = await subscribeWithCheckout(intensive);
    const forCustomer = (hook: ReceivedWebhook) =>
      hook.event.data.object.customer === customer.id || hook.event.data.object.id === customer.id;
    const completed = await receiver.waitFor(
      (hook) => hook.event.type === 'checkout.session.completed' && forCustomer(hook),
    );
    const types = receiver.received.filter(forCustomer).map((hook) => hook.event.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'customer.subscription.created',
        'invoice.paid',
        'customer.subscription.updated',
        'checkout.session.completed',
      ]),
    );
    const subscriptionId = completed.event.data.object.subscription as string;
    const activated = receiver.received.find(
      (hook) =>
        hook.event.type === 'customer.subscription.updated' && hook.event.data.object.id === subscriptionId,
    )!;
    const event = verifier.webhooks.constructEvent(activated.body, activated.signature, endpoint.secret!);
    expect((event.data.object as Stripe.Subscription).status).toBe('active');
    expect(event.data.previous_attributes).toMatchObject({ status: 'incomplete' });
    const paid = receiver.received.find((hook) => hook.event.type === 'invoice.paid' && forCustomer(hook))!;
    const invoice = paid.event.data.object as unknown as Stripe.Invoice;
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscriptionId);
    expect(invoice.amount_paid).toBe(90000);
  });

  it('sends an endpoint only the event types it asked for', async () => {
    const picky = await webhookReceiver();
    const only = await stripe.webhookEndpoints.create({ url: picky.url, enabled_events: ['invoice.paid'] });
    try {
      const { steady } = await planPrices(stripe);
      const { customer } = await subscribeWithCheckout(steady);
      await picky.waitFor((hook) => hook.event.data.object.customer === customer.id);
      // Everything this subscription caused has been attempted once the call above returned.
      await receiver.waitFor(
        (hook) =>
          hook.event.type === 'checkout.session.completed' && hook.event.data.object.customer === customer.id,
      );
      expect(new Set(picky.received.map((hook) => hook.event.type))).toEqual(new Set(['invoice.paid']));
    } finally {
      await stripe.webhookEndpoints.del(only.id);
      await picky.close();
    }
  });
});

describe("the stack's own endpoint and retries", () => {
  let standin: StripeStandin;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  let client: Stripe;

  beforeAll(async () => {
    // The first attempt of every event fails, like an endpoint that is briefly down.
    receiver = await webhookReceiver((_hook, attempt) => (attempt === 1 ? 503 : 200));
    standin = await startStripeStandin({
      host: '127.0.0.1',
      port: 0,
      secretKey: STRIPE_SECRET_KEY,
      webhookUrl: receiver.url,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      retryDelaysMs: [50, 100],
    });
    const base = new URL(standin.url);
    client = new Stripe(STRIPE_SECRET_KEY, {
      host: base.hostname,
      port: Number(base.port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });
  afterAll(async () => {
    await standin.stop();
    await receiver.close();
  });

  it('are what the functions are given: the stand-in, its key and secret, and stripe-webhook as the endpoint', () => {
    const config = loadConfig({ stripeWebhookUrl: undefined });
    expect(stripeWebhookUrl(config)).toBe(`${apiUrl(config)}/functions/v1/stripe-webhook`);
    const env = functionEnv(config, '/nonexistent');
    expect(env).toMatchObject({
      STRIPE_API_BASE: stripeUrl(config),
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET,
    });
  });

  it('signs with STRIPE_WEBHOOK_SECRET and sends an event again after a non-2xx answer', async () => {
    const customer = await client.customers.create({ email: uniqueCustomerEmail() });
    const isCreated = (hook: ReceivedWebhook) =>
      hook.event.type === 'customer.created' && hook.event.data.object.id === customer.id;
    await receiver.waitFor((hook) => isCreated(hook) && receiver.received.filter(isCreated).length === 2);
    const retried = receiver.received.filter(isCreated);
    expect(retried).toHaveLength(2);
    expect(retried[1].event.id).toBe(retried[0].event.id);
    for (const hook of retried) {
      expect(verifier.webhooks.constructEvent(hook.body, hook.signature, STRIPE_WEBHOOK_SECRET).id).toBe(
        retried[0].event.id,
      );
    }
  });
});
