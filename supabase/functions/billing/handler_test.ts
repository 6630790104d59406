import assert from 'node:assert/strict';
import { jsonRequest, memoryLogger } from '../_shared/testing.ts';
import { createHandler, type BillingData, type CurrentSubscription, type StripePort } from './handler.ts';

const PARENT = { id: '33333333-3333-4333-8333-333333333333', email: 'sam@example.com', name: 'Sam Rivera' };
const SITE = 'http://localhost:5173';

/** The family's rows and Stripe in memory, recording every Stripe call the handler makes. */
function setup(
  options: { subscription?: CurrentSubscription | null; customer?: string | null; siteUrl?: string } = {},
) {
  const calls: unknown[][] = [];
  const customers = new Map<string, string>(options.customer ? [[PARENT.id, options.customer]] : []);
  const data: BillingData = {
    parentOf: (token) =>
      Promise.resolve(token === 'parent-token' ? PARENT : token === 'coach-token' ? 'not-a-parent' : null),
    customerOf: (id) => Promise.resolve(customers.get(id) ?? null),
    saveCustomer: (id, customer) => Promise.resolve(void customers.set(id, customer)),
    currentSubscriptionOf: () => Promise.resolve(options.subscription ?? null),
    hasInvoice: (_parent, invoice) => Promise.resolve(invoice === 'in_Mine'),
  };
  const record =
    <A extends unknown[], R>(name: string, result: R) =>
    (...args: A) => {
      calls.push([name, ...args]);
      return Promise.resolve(result);
    };
  const stripe: StripePort = {
    createCustomer: record('createCustomer', 'cus_New'),
    priceIdOf: (key) => Promise.resolve(`price_${key}`),
    createCheckout: record('createCheckout', 'http://127.0.0.1:54329/checkout/cs_test_1'),
    changePrice: record('changePrice', undefined),
    setPaused: record('setPaused', undefined),
    setCancelAtPeriodEnd: record('setCancelAtPeriodEnd', undefined),
    portalUrl: record('portalUrl', 'http://127.0.0.1:54329/portal/bps_1'),
    invoicePdf: record('invoicePdf', 'http://127.0.0.1:54329/invoices/in_Mine.pdf'),
    nextCharge: record('nextCharge', {
      amount_due: 95000,
      currency: 'usd',
      date: '2026-12-26T00:00:00.000Z',
      proration: 30000,
    }),
    cardOf: record('cardOf', { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 }),
  };
  const logger = memoryLogger();
  const handler = createHandler({
    data,
    stripe,
    siteUrl: 'siteUrl' in options ? options.siteUrl : SITE,
    logger,
  });
  const call = async (body: unknown, token = 'parent-token') => {
    const response = await handler(jsonRequest(body, { headers: { Authorization: `Bearer ${token}` } }));
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { handler, call, calls, customers, logger };
}

const active = (overrides: Partial<CurrentSubscription> = {}): CurrentSubscription => ({
  id: 'sub_Mine',
  plan: 'steady-growth',
  status: 'active',
  pause_behavior: null,
  cancel_at_period_end: false,
  ...overrides,
});

Deno.test('answers the preflight; only POST', async () => {
  const { handler } = setup();
  assert.equal((await handler(new Request(`${SITE}/x`, { method: 'OPTIONS' }))).status, 204);
  assert.equal((await handler(new Request(`${SITE}/x`, { method: 'GET' }))).status, 405);
});

Deno.test('without a session it is a 401; an account that is not a parent gets a 403', async () => {
  const { handler, call, calls } = setup();
  const anonymous = await handler(new Request(`${SITE}/x`, { method: 'POST', body: '{"action":"pause"}' }));
  assert.equal(anonymous.status, 401);
  assert.deepEqual(await call({ action: 'pause' }, 'anon-key'), {
    status: 401,
    body: { error: 'Sign in as a parent to manage billing' },
  });
  assert.deepEqual(await call({ action: 'pause' }, 'coach-token'), {
    status: 403,
    body: { error: 'Only parents have a plan to manage' },
  });
  assert.deepEqual(calls, []);
});

Deno.test('every bad payload is a 400 with the reason, and Stripe is not called', async () => {
  const { call, calls } = setup({ subscription: active() });
  const actions =
    "'checkout', 'change_plan', 'pause', 'resume', 'cancel', 'keep', 'update_card', 'summary' or 'invoice_link'";
  const plans = "must be 'steady-growth', 'focused-progress' or 'intensive-momentum'";
  const cases: [unknown, string][] = [
    ['', 'Body must be a JSON object'],
    ['{"action":', 'Body is not valid JSON'],
    [[], 'Body must be a JSON object'],
    [{}, `action: must be ${actions}`],
    [{ action: 'refund' }, `action: must be ${actions}`],
    [{ action: 7 }, `action: must be ${actions}`],
    [{ action: 'checkout' }, `plan: ${plans}`],
    [{ action: 'checkout', plan: 'gold' }, `plan: ${plans}`],
    [
      { action: 'checkout', plan: 'steady-growth', price: 'price_free' },
      "Unrecognized key(s) in object: 'price'",
    ],
    [{ action: 'change_plan', plan: null }, `plan: ${plans}`],
    [{ action: 'pause', behavior: 'keep_as_draft' }, "Unrecognized key(s) in object: 'behavior'"],
    [{ action: 'cancel', immediately: true }, "Unrecognized key(s) in object: 'immediately'"],
    [{ action: 'invoice_link' }, 'invoice_id: is required'],
    [{ action: 'invoice_link', invoice_id: 42 }, 'invoice_id: must be a string'],
    [{ action: 'invoice_link', invoice_id: '../admin' }, 'invoice_id: must be an invoice id'],
  ];
  for (const [body, reason] of cases) {
    assert.deepEqual(await call(body), { status: 400, body: { error: reason } }, JSON.stringify(body));
  }
  assert.deepEqual(calls, []);
});

Deno.test(
  'checkout: a first-time family gets a Stripe customer and a Checkout page for the plan',
  async () => {
    const { call, calls, customers } = setup();
    assert.deepEqual(await call({ action: 'checkout', plan: 'steady-growth' }), {
      status: 200,
      body: { url: 'http://127.0.0.1:54329/checkout/cs_test_1' },
    });
    assert.equal(customers.get(PARENT.id), 'cus_New');
    assert.deepEqual(calls, [
      ['createCustomer', PARENT],
      [
        'createCheckout',
        {
          customerId: 'cus_New',
          priceId: 'price_steady_growth_monthly',
          parentId: PARENT.id,
          successUrl: `${SITE}/app/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${SITE}/app/billing?checkout=cancelled`,
        },
      ],
    ]);
  },
);

Deno.test('checkout: a returning customer is reused; a family with a plan is refused', async () => {
  const returning = setup({ customer: 'cus_Old' });
  await returning.call({ action: 'checkout', plan: 'intensive-momentum' });
  assert.deepEqual(
    returning.calls.map((c) => c[0]),
    ['createCheckout'],
  );
  const subscribed = setup({ customer: 'cus_Old', subscription: active() });
  assert.deepEqual(await subscribed.call({ action: 'checkout', plan: 'focused-progress' }), {
    status: 409,
    body: { error: 'You already have a plan: change it instead' },
  });
  assert.deepEqual(subscribed.calls, []);
});

Deno.test('change plan, pause, resume, cancel and keep ask Stripe and answer 202', async () => {
  const cases: [CurrentSubscription, unknown, unknown[]][] = [
    [
      active(),
      { action: 'change_plan', plan: 'focused-progress' },
      ['changePrice', 'sub_Mine', 'price_focused_progress_monthly'],
    ],
    [active(), { action: 'pause' }, ['setPaused', 'sub_Mine', true]],
    [active({ pause_behavior: 'void' }), { action: 'resume' }, ['setPaused', 'sub_Mine', false]],
    [active(), { action: 'cancel' }, ['setCancelAtPeriodEnd', 'sub_Mine', true]],
    [active({ cancel_at_period_end: true }), { action: 'keep' }, ['setCancelAtPeriodEnd', 'sub_Mine', false]],
  ];
  for (const [subscription, body, call] of cases) {
    const family = setup({ subscription });
    const result = await family.call(body);
    assert.equal(result.status, 202, JSON.stringify(body));
    assert.equal(result.body.subscription_id, 'sub_Mine');
    assert.deepEqual(family.calls, [call]);
  }
});

Deno.test('a change that does not apply to the plan as it stands is a 409 with the reason', async () => {
  const cases: [CurrentSubscription | null, unknown, string][] = [
    [null, { action: 'pause' }, 'You have no plan yet: choose one first'],
    [null, { action: 'change_plan', plan: 'focused-progress' }, 'You have no plan yet: choose one first'],
    [active(), { action: 'change_plan', plan: 'steady-growth' }, 'That is already your plan'],
    [active({ pause_behavior: 'void' }), { action: 'pause' }, 'Your plan is already paused'],
    [active({ cancel_at_period_end: true }), { action: 'pause' }, 'Your plan is cancelled: keep it first'],
    [active(), { action: 'resume' }, 'Your plan is not paused'],
    [active({ cancel_at_period_end: true }), { action: 'cancel' }, 'Your plan is already cancelled'],
    [active(), { action: 'keep' }, 'Your plan is not cancelled'],
    [null, { action: 'update_card' }, 'You have no card on file yet: choose a plan first'],
  ];
  for (const [subscription, body, reason] of cases) {
    const family = setup({ subscription });
    assert.deepEqual(await family.call(body), { status: 409, body: { error: reason } }, JSON.stringify(body));
    assert.deepEqual(family.calls, []);
  }
});

Deno.test("update card opens Stripe's portal, returning to the billing page", async () => {
  const { call, calls } = setup({ customer: 'cus_Old', subscription: active({ status: 'past_due' }) });
  assert.deepEqual(await call({ action: 'update_card' }), {
    status: 200,
    body: { url: 'http://127.0.0.1:54329/portal/bps_1' },
  });
  assert.deepEqual(calls, [['portalUrl', 'cus_Old', `${SITE}/app/billing`]]);
});

Deno.test("an invoice link is given for the family's own invoices only", async () => {
  const { call, calls } = setup({ subscription: active() });
  assert.deepEqual(await call({ action: 'invoice_link', invoice_id: 'in_Mine' }), {
    status: 200,
    body: { url: 'http://127.0.0.1:54329/invoices/in_Mine.pdf' },
  });
  assert.deepEqual(await call({ action: 'invoice_link', invoice_id: 'in_SomeoneElses' }), {
    status: 404,
    body: { error: 'No such invoice' },
  });
  assert.deepEqual(calls, [['invoicePdf', 'in_Mine']]);
});

Deno.test('a Stripe failure is a 500 that names no internals, and is logged', async () => {
  const family = setup({ subscription: active() });
  const failing = createHandler({
    data: {
      parentOf: () => Promise.resolve(PARENT),
      customerOf: () => Promise.resolve('cus_Old'),
      saveCustomer: () => Promise.resolve(),
      currentSubscriptionOf: () => Promise.resolve(active()),
      hasInvoice: () => Promise.resolve(true),
    },
    stripe: {
      ...({} as StripePort),
      setPaused: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:54329')),
    },
    siteUrl: SITE,
    logger: family.logger,
  });
  const response = await failing(
    jsonRequest({ action: 'pause' }, { headers: { Authorization: 'Bearer t' } }),
  );
  assert.deepEqual(
    { status: response.status, body: await response.json() },
    {
      status: 500,
      body: { error: 'Internal error' },
    },
  );
  assert.match(family.logger.lines[0], /ECONNREFUSED/);
});

Deno.test(
  "return links never follow the request's Origin; without SITE_URL the action fails plainly",
  async () => {
    const { handler, calls, logger } = setup({ siteUrl: undefined });
    const response = await handler(
      jsonRequest(
        { action: 'checkout', plan: 'steady-growth' },
        { headers: { Authorization: 'Bearer parent-token', Origin: 'https://attacker.example' } },
      ),
    );
    assert.equal(response.status, 503);
    assert.deepEqual(await response.json(), { error: 'The site address (SITE_URL) is not configured' });
    assert.equal(
      calls.some((call) => call[0] === 'createCheckout'),
      false,
    );
    assert.match(logger.lines.join('\n'), /SITE_URL is not set/);

    const configured = setup();
    const portal = await configured.handler(
      jsonRequest(
        { action: 'checkout', plan: 'steady-growth' },
        { headers: { Authorization: 'Bearer parent-token', Origin: 'https://attacker.example' } },
      ),
    );
    assert.equal(portal.status, 200);
    const checkout = configured.calls.find((call) => call[0] === 'createCheckout')?.[1] as {
      successUrl: string;
    };
    assert.ok(checkout.successUrl.startsWith(`${SITE}/app/billing`));
  },
);

Deno.test(
  'summary: the next charge as Stripe previews it (prorations included) and the card on file',
  async () => {
    const { call, calls } = setup({
      subscription: active({ plan: 'focused-progress' }),
      customer: 'cus_Mine',
    });
    assert.deepEqual(await call({ action: 'summary' }), {
      status: 200,
      body: {
        next_charge: {
          amount_due: 95000,
          currency: 'usd',
          date: '2026-12-26T00:00:00.000Z',
          proration: 30000,
        },
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
      },
    });
    assert.deepEqual(calls, [
      ['nextCharge', 'cus_Mine', 'sub_Mine'],
      ['cardOf', 'cus_Mine'],
    ]);
  },
);

Deno.test(
  'summary: no charge is coming while paused or cancelled; nothing at all before a checkout',
  async () => {
    for (const subscription of [active({ pause_behavior: 'void' }), active({ cancel_at_period_end: true })]) {
      const { call, calls } = setup({ subscription, customer: 'cus_Mine' });
      const answer = await call({ action: 'summary' });
      assert.equal(answer.body.next_charge, null);
      assert.deepEqual(calls, [['cardOf', 'cus_Mine']]);
    }
    const { call, calls } = setup();
    assert.deepEqual(await call({ action: 'summary' }), {
      status: 200,
      body: { next_charge: null, card: null },
    });
    assert.deepEqual(calls, []);
  },
);
