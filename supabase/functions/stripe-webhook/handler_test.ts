import assert from 'node:assert/strict';
import { memoryLogger, NOW } from '../_shared/testing.ts';
import { createHandler, type BillingStore, type InvoiceState, type SubscriptionState } from './handler.ts';
import { signPayload } from './signature.ts';

const SECRET = 'whsec_test_secret_for_the_handler_tests';
const PARENT = '33333333-3333-4333-8333-333333333333';
const CUSTOMER = 'cus_Family1';
const T0 = Math.floor(NOW.getTime() / 1000);

/** The billing tables in memory, with the same rules as the real store (index.ts). */
function memoryStore() {
  const processed = new Map<string, string>();
  const customers = new Map<string, string>([[CUSTOMER, PARENT]]);
  /** customers of deleted families (public.deleted_billing_customers) */
  const forgotten = new Set<string>();
  const accounts = new Set<string>([PARENT, '44444444-4444-4444-8444-444444444444']);
  const subscriptions = new Map<string, SubscriptionState>();
  const invoices = new Map<string, InvoiceState & { payment_failed_at?: string }>();
  const store: BillingStore = {
    isProcessed: (id) => Promise.resolve(processed.has(id)),
    markProcessed: (event) => Promise.resolve(void processed.set(event.id, event.type)),
    parentOfCustomer: (id) => Promise.resolve(customers.get(id) ?? null),
    linkCustomer(parent, customer) {
      const owner = customers.get(customer);
      if (owner && owner !== parent) return Promise.resolve('conflict');
      customers.set(customer, parent);
      return Promise.resolve('linked');
    },
    isForgottenCustomer: (id) => Promise.resolve(forgotten.has(id)),
    accountExists: (id) => Promise.resolve(accounts.has(id)),
    applySubscription(state) {
      const existing = subscriptions.get(state.id);
      if (
        existing &&
        (existing.last_event_at > state.last_event_at ||
          (existing.status === 'canceled' && state.status !== 'canceled'))
      ) {
        return Promise.resolve('stale');
      }
      subscriptions.set(state.id, state);
      return Promise.resolve('applied');
    },
    applyInvoice(state) {
      const existing = invoices.get(state.id);
      if (existing && existing.last_event_at > state.last_event_at) return Promise.resolve('stale');
      invoices.set(state.id, { ...existing, ...state });
      return Promise.resolve('applied');
    },
    markInvoicePaymentFailed(id, at) {
      const invoice = invoices.get(id);
      if (invoice && !invoice.payment_failed_at) invoice.payment_failed_at = at;
      return Promise.resolve();
    },
  };
  return { store, processed, customers, subscriptions, invoices, forgotten, accounts };
}

function setup(now = NOW) {
  const db = memoryStore();
  const logger = memoryLogger();
  const handler = createHandler({ store: db.store, webhookSecret: () => SECRET, now: () => now, logger });
  return { ...db, handler, logger };
}

let counter = 0;
/** A Stripe event as the API version of the pinned SDK shapes it. */
function stripeEvent(type: string, object: Record<string, unknown>, created = T0) {
  counter += 1;
  return {
    id: `evt_test${counter}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

function subscription(overrides: Record<string, unknown> = {}, lookupKey = 'steady_growth_monthly') {
  return {
    id: 'sub_Family1',
    object: 'subscription',
    customer: CUSTOMER,
    status: 'active',
    created: T0 - 60,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    pause_collection: null,
    metadata: { parent_id: PARENT },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          current_period_start: T0 - 60,
          current_period_end: T0 - 60 + 30 * 86400,
          price: {
            id: `price_${lookupKey.replace(/_/g, '')}`,
            object: 'price',
            lookup_key: lookupKey,
            unit_amount: 35000,
          },
        },
      ],
    },
    ...overrides,
  };
}

function invoice(overrides: Record<string, unknown> = {}) {
  return {
    id: 'in_Family1',
    object: 'invoice',
    customer: CUSTOMER,
    status: 'paid',
    created: T0 - 30,
    number: 'PLOOM-0001',
    currency: 'usd',
    amount_due: 35000,
    amount_paid: 35000,
    hosted_invoice_url: 'http://127.0.0.1:54329/invoices/in_Family1',
    invoice_pdf: 'http://127.0.0.1:54329/invoices/in_Family1.pdf',
    period_start: T0 - 30,
    period_end: T0 - 30,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: 'sub_Family1', metadata: {} },
    },
    lines: { object: 'list', data: [{ period: { start: T0 - 60, end: T0 - 60 + 30 * 86400 } }] },
    ...overrides,
  };
}

/** A delivery as Stripe makes it: the raw JSON and its Stripe-Signature header. */
async function delivery(
  event: unknown,
  options: { secret?: string; signedAt?: number; header?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const header =
    options.header !== undefined
      ? options.header
      : await signPayload(payload, options.secret ?? SECRET, options.signedAt ?? T0);
  return new Request('http://127.0.0.1:54321/functions/v1/stripe-webhook', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      ...(header ? { 'Stripe-Signature': header } : {}),
    },
    body: payload,
  });
}

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

Deno.test('a correctly signed subscription event is written as the family subscription', async () => {
  const { handler, subscriptions, processed } = setup();
  const event = stripeEvent('customer.subscription.created', subscription());
  assert.deepEqual(await answer(await handler(await delivery(event))), {
    status: 200,
    body: { received: true, result: 'applied' },
  });
  assert.deepEqual(subscriptions.get('sub_Family1'), {
    id: 'sub_Family1',
    parent_id: PARENT,
    stripe_customer_id: CUSTOMER,
    plan: 'steady-growth',
    stripe_price_id: 'price_steadygrowthmonthly',
    status: 'active',
    pause_behavior: null,
    pause_resumes_at: null,
    cancel_at_period_end: false,
    current_period_start: new Date((T0 - 60) * 1000).toISOString(),
    current_period_end: new Date((T0 - 60 + 30 * 86400) * 1000).toISOString(),
    canceled_at: null,
    ended_at: null,
    stripe_created: new Date((T0 - 60) * 1000).toISOString(),
    last_event_at: NOW.toISOString(),
  });
  assert.equal(processed.get(event.id), 'customer.subscription.created');
});

Deno.test('a signature among several v1 entries (secret rotation) is accepted', async () => {
  const { handler } = setup();
  const event = stripeEvent('customer.subscription.created', subscription());
  const good = (await signPayload(JSON.stringify(event), SECRET, T0)).split(',')[1];
  const header = `t=${T0},v1=${'0'.repeat(64)},${good},v0=ignored`;
  assert.equal((await handler(await delivery(event, { header }))).status, 200);
});

Deno.test('a bad, missing or malformed signature is a 400 and changes nothing', async () => {
  const event = stripeEvent('customer.subscription.created', subscription());
  const payload = JSON.stringify(event);
  const cases: [string | null, string][] = [
    [null, 'Missing Stripe-Signature header'],
    [await signPayload(payload, 'whsec_someone_else', T0), 'Signature does not match the payload'],
    [`v1=${'a'.repeat(64)}`, 'Stripe-Signature has no timestamp'],
    [`t=${T0}`, 'Stripe-Signature has no v1 signature'],
    [`t=${T0},v1=nothex`, 'Signature does not match the payload'],
  ];
  for (const [header, reason] of cases) {
    const { handler, subscriptions, processed } = setup();
    assert.deepEqual(await answer(await handler(await delivery(event, { header }))), {
      status: 400,
      body: { error: reason },
    });
    assert.equal(subscriptions.size, 0);
    assert.equal(processed.size, 0);
  }
});

Deno.test('a tampered body fails the signature made for the original', async () => {
  const { handler, subscriptions } = setup();
  const event = stripeEvent('customer.subscription.created', subscription());
  const header = await signPayload(JSON.stringify(event), SECRET, T0);
  const tampered = stripeEvent('customer.subscription.created', subscription({ status: 'canceled' }));
  tampered.id = event.id;
  const response = await handler(await delivery(tampered, { header }));
  assert.deepEqual(await answer(response), {
    status: 400,
    body: { error: 'Signature does not match the payload' },
  });
  assert.equal(subscriptions.size, 0);
});

Deno.test(
  'a signature older (or newer) than the 300 s tolerance is refused: a replayed capture',
  async () => {
    const event = stripeEvent('customer.subscription.created', subscription());
    for (const signedAt of [T0 - 301, T0 + 301]) {
      const { handler, subscriptions } = setup();
      assert.deepEqual(await answer(await handler(await delivery(event, { signedAt }))), {
        status: 400,
        body: { error: 'Signature timestamp is outside the tolerance' },
      });
      assert.equal(subscriptions.size, 0);
    }
    const { handler } = setup();
    assert.equal((await handler(await delivery(event, { signedAt: T0 - 299 }))).status, 200);
  },
);

Deno.test('the same event delivered twice is applied once', async () => {
  const { handler, subscriptions, store } = setup();
  const created = stripeEvent('customer.subscription.created', subscription());
  assert.equal((await handler(await delivery(created))).status, 200);
  // Between the two deliveries, another writer changed the row: a replay must not undo it.
  await store.applySubscription({ ...subscriptions.get('sub_Family1')!, status: 'past_due' });
  assert.deepEqual(await answer(await handler(await delivery(created))), {
    status: 200,
    body: { received: true, duplicate: true },
  });
  assert.equal(subscriptions.get('sub_Family1')!.status, 'past_due');
});

Deno.test('out of order: an older event arriving after a newer one changes nothing', async () => {
  const { handler, subscriptions } = setup();
  const paused = stripeEvent(
    'customer.subscription.updated',
    subscription({ pause_collection: { behavior: 'void', resumes_at: null } }, 'focused_progress_monthly'),
    T0 + 20,
  );
  const created = stripeEvent('customer.subscription.created', subscription(), T0);
  assert.equal((await handler(await delivery(paused))).status, 200);
  assert.deepEqual(await answer(await handler(await delivery(created))), {
    status: 200,
    body: { received: true, result: 'stale' },
  });
  const row = subscriptions.get('sub_Family1')!;
  assert.equal(row.plan, 'focused-progress');
  assert.equal(row.pause_behavior, 'void');
  assert.equal(row.last_event_at, new Date((T0 + 20) * 1000).toISOString());
});

Deno.test('a cancelled subscription stays cancelled whatever arrives after', async () => {
  const { handler, subscriptions } = setup();
  const deleted = stripeEvent(
    'customer.subscription.deleted',
    subscription({ status: 'canceled', canceled_at: T0, ended_at: T0 }),
    T0,
  );
  const update = stripeEvent(
    'customer.subscription.updated',
    subscription({ cancel_at_period_end: true }),
    T0,
  );
  await handler(await delivery(deleted));
  await handler(await delivery(update));
  assert.equal(subscriptions.get('sub_Family1')!.status, 'canceled');
  assert.equal(subscriptions.get('sub_Family1')!.ended_at, NOW.toISOString());
});

Deno.test('invoices: paid and failed payments are recorded with their links and service period', async () => {
  const { handler, invoices } = setup();
  await handler(await delivery(stripeEvent('invoice.paid', invoice())));
  assert.deepEqual(invoices.get('in_Family1'), {
    id: 'in_Family1',
    parent_id: PARENT,
    subscription_id: 'sub_Family1',
    number: 'PLOOM-0001',
    status: 'paid',
    currency: 'usd',
    amount_due: 35000,
    amount_paid: 35000,
    hosted_invoice_url: 'http://127.0.0.1:54329/invoices/in_Family1',
    invoice_pdf: 'http://127.0.0.1:54329/invoices/in_Family1.pdf',
    period_start: new Date((T0 - 60) * 1000).toISOString(),
    period_end: new Date((T0 - 60 + 30 * 86400) * 1000).toISOString(),
    stripe_created: new Date((T0 - 30) * 1000).toISOString(),
    last_event_at: NOW.toISOString(),
  });

  const renewal = invoice({
    id: 'in_Renewal',
    status: 'open',
    amount_paid: 0,
    subscription: 'sub_Family1',
    parent: null,
  });
  await handler(await delivery(stripeEvent('invoice.payment_failed', renewal, T0 + 10)));
  await handler(await delivery(stripeEvent('invoice.payment_failed', renewal, T0 + 20)));
  const failed = invoices.get('in_Renewal')!;
  assert.equal(failed.status, 'open');
  assert.equal(failed.subscription_id, 'sub_Family1'); // the older API's field is read too
  assert.equal(failed.payment_failed_at, new Date((T0 + 10) * 1000).toISOString());
  // the card is fixed: the invoice is paid; a late copy of the failure does not reopen it
  await handler(
    await delivery(stripeEvent('invoice.paid', { ...renewal, status: 'paid', amount_paid: 35000 }, T0 + 30)),
  );
  await handler(await delivery(stripeEvent('invoice.payment_failed', renewal, T0 + 15)));
  assert.equal(invoices.get('in_Renewal')!.status, 'paid');
});

Deno.test(
  'checkout.session.completed links the customer to the parent named by client_reference_id',
  async () => {
    const { handler, customers, subscriptions } = setup();
    const session = {
      id: 'cs_test_1',
      object: 'checkout.session',
      mode: 'subscription',
      customer: 'cus_NewFamily',
      client_reference_id: '44444444-4444-4444-8444-444444444444',
      subscription: 'sub_New',
      metadata: {},
    };
    const linked = await handler(await delivery(stripeEvent('checkout.session.completed', session)));
    assert.deepEqual(await answer(linked), { status: 200, body: { received: true, result: 'applied' } });
    assert.equal(customers.get('cus_NewFamily'), '44444444-4444-4444-8444-444444444444');
    const sub = subscription({ id: 'sub_New', customer: 'cus_NewFamily', metadata: {} });
    await handler(await delivery(stripeEvent('customer.subscription.created', sub)));
    assert.equal(subscriptions.get('sub_New')!.parent_id, '44444444-4444-4444-8444-444444444444');
  },
);

Deno.test(
  'an event for a customer no family is linked to yet is refused, so Stripe sends it again',
  async () => {
    const { handler, processed, subscriptions } = setup();
    const event = stripeEvent(
      'customer.subscription.created',
      subscription({ customer: 'cus_Unknown', metadata: {} }),
    );
    assert.deepEqual(await answer(await handler(await delivery(event))), {
      status: 422,
      body: { error: 'Unknown customer cus_Unknown: no family is linked to it yet' },
    });
    assert.equal(processed.size, 0);
    assert.equal(subscriptions.size, 0);
  },
);

Deno.test(
  'a checkout whose customer is already another family’s is acknowledged and recorded, and relinks nothing',
  async () => {
    const { handler, customers, processed, logger } = setup();
    const other = '44444444-4444-4444-8444-444444444444';
    const session = {
      id: 'cs_test_taken',
      object: 'checkout.session',
      mode: 'subscription',
      customer: CUSTOMER,
      client_reference_id: other,
      metadata: {},
    };
    const event = stripeEvent('checkout.session.completed', session);
    assert.deepEqual(await answer(await handler(await delivery(event))), {
      status: 200,
      body: { received: true, result: 'ignored' },
    });
    assert.equal(customers.get(CUSTOMER), PARENT);
    assert.equal(processed.get(event.id), 'checkout.session.completed');
    assert.match(logger.lines.join('\n'), /linked to another family/);
  },
);

Deno.test(
  'events about the customer of a deleted family are acknowledged (200), recorded and change nothing',
  async () => {
    const { handler, customers, processed, subscriptions, invoices, forgotten, accounts } = setup();
    // The family deleted itself: its link and account are gone, its customer id is remembered.
    customers.delete(CUSTOMER);
    accounts.delete(PARENT);
    forgotten.add(CUSTOMER);
    const events = [
      stripeEvent('customer.subscription.updated', subscription({ status: 'canceled', canceled_at: T0 })),
      stripeEvent('customer.subscription.deleted', subscription({ status: 'canceled', metadata: {} })),
      stripeEvent('invoice.voided', invoice({ status: 'void' })),
    ];
    for (const event of events) {
      assert.deepEqual(await answer(await handler(await delivery(event))), {
        status: 200,
        body: { received: true, result: 'ignored' },
      });
      assert.ok(processed.has(event.id));
    }
    assert.equal(subscriptions.size, 0);
    assert.equal(invoices.size, 0);

    // A family deleted before its customer was remembered: the subscription names a parent who is gone.
    forgotten.clear();
    const late = stripeEvent('customer.subscription.updated', subscription());
    assert.deepEqual(await answer(await handler(await delivery(late))), {
      status: 200,
      body: { received: true, result: 'ignored' },
    });
    assert.equal(subscriptions.size, 0);
  },
);

Deno.test('event types billing does not use are acknowledged and recorded', async () => {
  const { handler, processed } = setup();
  const preview = stripeEvent('invoice.upcoming', { ...invoice(), id: undefined });
  assert.deepEqual(await answer(await handler(await delivery(preview))), {
    status: 200,
    body: { received: true, result: 'ignored' },
  });
  const event = stripeEvent('customer.created', { id: 'cus_X', object: 'customer' });
  assert.deepEqual(await answer(await handler(await delivery(event))), {
    status: 200,
    body: { received: true, result: 'ignored' },
  });
  assert.ok(processed.has(event.id));
});

Deno.test('a signed but malformed payload is a 400 with the reason', async () => {
  const cases: [unknown, string][] = [
    [
      { id: 'nope', type: 'x', created: T0, data: { object: {} } },
      'id: must be a Stripe id starting with evt_',
    ],
    [
      { id: 'evt_1', type: 'x', created: 'yesterday', data: { object: {} } },
      'created: Expected number, received string',
    ],
    [{ id: 'evt_1', type: 'x', created: T0 }, 'data: Required'],
    [
      stripeEvent('customer.subscription.updated', subscription({ status: 'sleeping' })),
      'status: Invalid enum value',
    ],
    [
      stripeEvent('customer.subscription.updated', subscription({}, 'gold_monthly')),
      'Price price_goldmonthly is not one of the plans',
    ],
    [
      stripeEvent('customer.subscription.updated', subscription({ items: { data: [] } })),
      'items.data: must have an item',
    ],
    [
      stripeEvent('invoice.paid', invoice({ amount_due: -5 })),
      'amount_due: Number must be greater than or equal to 0',
    ],
    [stripeEvent('invoice.paid', invoice({ currency: 'USD' })), 'currency: Invalid'],
  ];
  for (const [event, reason] of cases) {
    const { handler, processed } = setup();
    const { status, body } = await answer(await handler(await delivery(event)));
    assert.equal(status, 400, JSON.stringify(event));
    assert.ok(String(body.error).startsWith(reason), `${String(body.error)} should start with ${reason}`);
    assert.equal(processed.size, 0);
  }
  const { handler } = setup();
  const notJson = 'not json';
  const header = await signPayload(notJson, SECRET, T0);
  const response = await handler(
    new Request('http://x/functions/v1/stripe-webhook', {
      method: 'POST',
      headers: { 'Stripe-Signature': header },
      body: notJson,
    }),
  );
  assert.deepEqual(await answer(response), { status: 400, body: { error: 'Body is not valid JSON' } });
});

Deno.test('only POST: the preflight is answered, GET is a 405', async () => {
  const { handler } = setup();
  assert.equal((await handler(new Request('http://x/', { method: 'OPTIONS' }))).status, 204);
  assert.equal((await handler(new Request('http://x/', { method: 'GET' }))).status, 405);
});
