import assert from 'node:assert/strict';
import { jsonRequest, memoryLogger } from '../_shared/testing.ts';
import { createHandler, type BillingPort, type Caller, type FamilyPort } from './handler.ts';

const PARENT = '33333333-3333-4333-8333-333333333333';
const COACH = '44444444-4444-4444-8444-444444444444';
const CHILD_LOGIN = '55555555-5555-4555-8555-555555555555';

/** A family in memory: who each token signs in, and the order in which things were deleted. */
function setup(options: { failAuthDeletion?: boolean; customer?: string | null; failStripe?: boolean } = {}) {
  const callers: Record<string, Caller> = {
    'parent-token': { id: PARENT, roles: ['parent'] },
    'coach-token': { id: COACH, roles: ['coach'] },
    'child-token': { id: CHILD_LOGIN, roles: ['child'] },
  };
  const steps: string[] = [];
  const family: FamilyPort = {
    callerOf: (token) => Promise.resolve(callers[token] ?? null),
    stripeCustomerOf: (accountId) =>
      Promise.resolve(
        accountId === PARENT ? (options.customer === undefined ? 'cus_Family' : options.customer) : null,
      ),
    deleteFamilyRows(accountId) {
      steps.push(`rows:${accountId}`);
      return Promise.resolve([CHILD_LOGIN]);
    },
    deleteAuthUser(userId) {
      if (options.failAuthDeletion) return Promise.reject(new Error('auth is down'));
      steps.push(`auth:${userId}`);
      return Promise.resolve();
    },
  };
  const logger = memoryLogger();
  const billing: BillingPort = {
    endCustomer(customerId) {
      if (options.failStripe) return Promise.reject(new Error('connect ECONNREFUSED api.stripe.com'));
      steps.push(`stripe:${customerId}`);
      return Promise.resolve();
    },
  };
  const handler = createHandler({ family, billing, logger });
  const call = (body: unknown, token = 'parent-token') =>
    handler(jsonRequest(body, { headers: { Authorization: `Bearer ${token}` } }));
  return { handler, call, steps, logger };
}

async function answer(response: Response) {
  assert.equal(response.headers.get('access-control-allow-origin'), '*');
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const DELETE = { action: 'delete', confirmation: 'DELETE' };

Deno.test('answers the preflight and refuses other methods', async () => {
  const { handler } = setup();
  const preflight = await handler(new Request('http://x/functions/v1/family-data', { method: 'OPTIONS' }));
  assert.equal(preflight.status, 204);
  const get = await handler(new Request('http://x/functions/v1/family-data', { method: 'GET' }));
  assert.equal(get.status, 405);
});

Deno.test(
  'ends the Stripe customer first, then deletes the family rows, the child logins and the parent',
  async () => {
    const { call, steps } = setup();
    const { status, body } = await answer(await call(DELETE));
    assert.equal(status, 200);
    assert.deepEqual(body, { deleted: true, child_logins: 1 });
    assert.deepEqual(steps, ['stripe:cus_Family', `rows:${PARENT}`, `auth:${CHILD_LOGIN}`, `auth:${PARENT}`]);
  },
);

Deno.test('a family that never started a checkout asks nothing of Stripe', async () => {
  const { call, steps } = setup({ customer: null });
  assert.equal((await answer(await call(DELETE))).status, 200);
  assert.deepEqual(steps, [`rows:${PARENT}`, `auth:${CHILD_LOGIN}`, `auth:${PARENT}`]);
});

Deno.test(
  'when Stripe cannot be reached nothing is deleted (500): billing never outlives a deleted family',
  async () => {
    const { call, steps, logger } = setup({ failStripe: true });
    const { status, body } = await answer(await call(DELETE));
    assert.equal(status, 500);
    assert.deepEqual(body, { error: 'Internal error' });
    assert.deepEqual(steps, []);
    assert.match(logger.lines[0], /ECONNREFUSED/);
  },
);

Deno.test('asks for sign-in (401) without a token or with an unknown one', async () => {
  const { handler, call, steps } = setup();
  assert.equal((await answer(await handler(jsonRequest(DELETE)))).status, 401);
  assert.equal((await answer(await call(DELETE, 'stale-token'))).status, 401);
  assert.deepEqual(steps, []);
});

Deno.test('refuses accounts that are not a parent (403), deleting nothing', async () => {
  const { call, steps } = setup();
  assert.equal((await answer(await call(DELETE, 'coach-token'))).status, 403);
  assert.equal((await answer(await call(DELETE, 'child-token'))).status, 403);
  assert.deepEqual(steps, []);
});

Deno.test('needs the typed confirmation (400 with the reason)', async () => {
  const { call, steps } = setup();
  const wrong = await answer(await call({ action: 'delete', confirmation: 'delete me' }));
  assert.equal(wrong.status, 400);
  assert.match(String(wrong.body.error), /confirmation.*DELETE/);
  const missing = await answer(await call({ action: 'delete' }));
  assert.equal(missing.status, 400);
  assert.equal((await answer(await call({ action: 'export', confirmation: 'DELETE' }))).status, 400);
  assert.deepEqual(steps, []);
});

Deno.test('a failed auth deletion is a 500 naming no internals (a retry finishes the job)', async () => {
  const { call, logger } = setup({ failAuthDeletion: true });
  const { status, body } = await answer(await call(DELETE));
  assert.equal(status, 500);
  assert.deepEqual(body, { error: 'Internal error' });
  assert.equal(logger.lines.length, 1);
});
