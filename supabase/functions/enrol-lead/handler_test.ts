import assert from 'node:assert/strict';
import { TWO_FACTOR_REASONS, type StaffTwoFactorStep } from '../_shared/staff-two-factor.ts';
import { jsonRequest, memoryLogger } from '../_shared/testing.ts';
import {
  ageFromLead,
  createHandler,
  EnrolError,
  splitName,
  type EnrolDirectory,
  type LeadToEnrol,
} from './handler.ts';

const ADMIN = 'admin-token';
const COACH = 'coach-token';
/** An admin whose session is at aal1 though they have an authenticator app. */
const ADMIN_AT_AAL1 = 'admin-aal1-token';
/** An admin without an authenticator app while the setting requires one. */
const ADMIN_WITHOUT_FACTOR = 'admin-no-factor-token';
const STEPS: Record<string, StaffTwoFactorStep> = {
  [ADMIN_AT_AAL1]: 'verify',
  [ADMIN_WITHOUT_FACTOR]: 'enrol',
};
const SITE = 'http://localhost:5173';

function lead(overrides: Partial<LeadToEnrol> = {}): LeadToEnrol {
  return {
    id: crypto.randomUUID(),
    name: 'Nora Quinn',
    email: 'nora.quinn@example.com',
    childName: 'Ivy',
    childAge: '8',
    enrolledParentId: null,
    enrolledChildId: null,
    ...overrides,
  };
}

/**
 * Supabase in memory: leads by id, registered emails (`unconfirmed`: sign-ups that never confirmed
 * their address), and what each call received.
 */
function memoryDirectory(leads: LeadToEnrol[], registered: string[] = [], unconfirmed: string[] = []) {
  const invites: { email: string; firstName: string | null; redirectTo: string }[] = [];
  const enrolments: { leadId: string; childFirstName: string; childAge: number | null }[] = [];
  const removed: string[] = [];
  const accounts = new Set([...registered, ...unconfirmed]);
  const pending = new Set(unconfirmed);
  const directory: EnrolDirectory = {
    callerIsAdmin: (token) =>
      Promise.resolve(token === ADMIN || token in STEPS ? true : token === COACH ? false : null),
    twoFactorStep: (token) => Promise.resolve(STEPS[token] ?? 'none'),
    findLead: (_token, id) => Promise.resolve(leads.find((l) => l.id === id) ?? null),
    removeUnconfirmedSignUp(email) {
      if (!pending.delete(email)) return Promise.resolve(false);
      accounts.delete(email);
      removed.push(email);
      return Promise.resolve(true);
    },
    inviteParent(email, names, redirectTo) {
      if (accounts.has(email)) return Promise.resolve('exists' as const);
      accounts.add(email);
      invites.push({ email, firstName: names.firstName, redirectTo });
      return Promise.resolve('invited' as const);
    },
    enrol(_token, leadId, childFirstName, childAge) {
      const row = leads.find((l) => l.id === leadId)!;
      if (childFirstName === 'Refused') throw new EnrolError(400, "The child's first name is required");
      enrolments.push({ leadId, childFirstName, childAge });
      row.enrolledParentId ??= 'parent-1';
      row.enrolledChildId ??= 'child-1';
      return Promise.resolve({
        parentId: row.enrolledParentId,
        childId: row.enrolledChildId,
        alreadyEnrolled: false,
      });
    },
  };
  return { directory, invites, enrolments, removed };
}

function setup(leads: LeadToEnrol[], registered: string[] = [], unconfirmed: string[] = []) {
  const memory = memoryDirectory(leads, registered, unconfirmed);
  const logger = memoryLogger();
  const handler = createHandler({ directory: memory.directory, siteUrl: SITE, logger });
  return { handler, logger, ...memory };
}

const asCaller = (token: string, body: unknown) =>
  jsonRequest(body, { headers: { Authorization: `Bearer ${token}` } });

Deno.test(
  'an admin enrols a lead: the parent is invited to choose a password and the child is created',
  async () => {
    const row = lead();
    const { handler, invites, enrolments } = setup([row]);
    const res = await handler(asCaller(ADMIN, { leadId: row.id }));
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {
      parentId: 'parent-1',
      childId: 'child-1',
      alreadyEnrolled: false,
      invited: true,
    });
    assert.deepEqual(invites, [{ email: row.email, firstName: 'Nora', redirectTo: `${SITE}/welcome` }]);
    assert.deepEqual(enrolments, [{ leadId: row.id, childFirstName: 'Ivy', childAge: 8 }]);
  },
);

Deno.test('enrolling twice returns the same family without a second invitation or child', async () => {
  const row = lead();
  const { handler, invites, enrolments } = setup([row]);
  await handler(asCaller(ADMIN, { leadId: row.id }));
  const again = await handler(asCaller(ADMIN, { leadId: row.id }));
  assert.equal(again.status, 200);
  assert.deepEqual(await again.json(), {
    parentId: 'parent-1',
    childId: 'child-1',
    alreadyEnrolled: true,
    invited: false,
  });
  assert.equal(invites.length, 1);
  assert.equal(enrolments.length, 1);
});

Deno.test('an existing account is reused rather than invited', async () => {
  const row = lead({ email: 'already@example.com' });
  const { handler, invites } = setup([row], ['already@example.com']);
  const res = await handler(asCaller(ADMIN, { leadId: row.id }));
  assert.equal(res.status, 200);
  assert.equal((await res.json()).invited, false);
  assert.equal(invites.length, 0);
});

Deno.test('a sign-up that never confirmed the address is removed and the address invited', async () => {
  const row = lead({ email: 'unconfirmed@example.com' });
  const { handler, invites, removed } = setup([row], [], ['unconfirmed@example.com']);
  const res = await handler(asCaller(ADMIN, { leadId: row.id }));
  assert.equal(res.status, 200);
  assert.equal((await res.json()).invited, true);
  assert.deepEqual(removed, ['unconfirmed@example.com']);
  assert.deepEqual(
    invites.map((invite) => invite.email),
    ['unconfirmed@example.com'],
  );
});

Deno.test("the admin's child name and age win over the lead's", async () => {
  const row = lead({ childName: null, childAge: 'about nine' });
  const { handler, enrolments } = setup([row]);
  const res = await handler(asCaller(ADMIN, { leadId: row.id, childFirstName: '  Ivy ', childAge: 9 }));
  assert.equal(res.status, 200);
  assert.deepEqual(enrolments, [{ leadId: row.id, childFirstName: 'Ivy', childAge: 9 }]);
});

Deno.test('a lead without a child name needs one from the admin (400 with the reason)', async () => {
  const row = lead({ childName: null });
  const { handler, invites } = setup([row]);
  const res = await handler(asCaller(ADMIN, { leadId: row.id }));
  assert.equal(res.status, 400);
  assert.match((await res.json()).error, /childFirstName/);
  assert.equal(invites.length, 0);
});

Deno.test('bad payloads get a 400 with the reason', async () => {
  const { handler } = setup([]);
  for (const [body, reason] of [
    [{}, /leadId: is required/],
    [{ leadId: 'nope' }, /leadId: must be a lead id/],
    [{ leadId: crypto.randomUUID(), childAge: 40 }, /childAge: must be between 3 and 18/],
    [{ leadId: crypto.randomUUID(), childAge: '9' }, /childAge: must be a number/],
  ] as const) {
    const res = await handler(asCaller(ADMIN, body));
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.match((await res.json()).error, reason);
  }
  const notJson = await handler(asCaller(ADMIN, 'not json'));
  assert.equal(notJson.status, 400);
});

Deno.test('only an admin may enrol: 401 without a user, 403 for a coach', async () => {
  const row = lead();
  const { handler, invites } = setup([row]);
  const anon = await handler(jsonRequest({ leadId: row.id }, { headers: { Authorization: 'Bearer anon' } }));
  assert.equal(anon.status, 401);
  const none = await handler(new Request('http://x/', { method: 'POST', body: '{}' }));
  assert.equal(none.status, 401);
  const coach = await handler(asCaller(COACH, { leadId: row.id }));
  assert.equal(coach.status, 403);
  assert.equal(invites.length, 0);
});

Deno.test('an unknown lead is a 404; a refusal of the database keeps its status and reason', async () => {
  const row = lead({ childName: 'Refused' });
  const { handler } = setup([row]);
  const missing = await handler(asCaller(ADMIN, { leadId: crypto.randomUUID() }));
  assert.equal(missing.status, 404);
  const refused = await handler(asCaller(ADMIN, { leadId: row.id }));
  assert.equal(refused.status, 400);
  assert.match((await refused.json()).error, /first name is required/);
});

Deno.test('the preflight is answered with CORS headers', async () => {
  const { handler } = setup([]);
  const res = await handler(new Request('http://x/', { method: 'OPTIONS' }));
  assert.equal(res.status, 204);
  assert.ok(res.headers.get('access-control-allow-origin'));
});

Deno.test('names and ages from the lead', () => {
  assert.deepEqual(splitName('Nora  van Quinn'), { firstName: 'Nora', lastName: 'van Quinn' });
  assert.deepEqual(splitName(null), { firstName: null, lastName: null });
  assert.equal(ageFromLead('9'), 9);
  assert.equal(ageFromLead('10 years'), 10);
  assert.equal(ageFromLead('7-9'), 7);
  assert.equal(ageFromLead('40'), null);
  assert.equal(ageFromLead(null), null);
});

Deno.test('an admin short of two-factor sign-in is refused before any invitation or change', async () => {
  const row = lead();
  const { handler, invites, enrolments } = setup([row]);
  for (const [token, reason] of [
    [ADMIN_AT_AAL1, TWO_FACTOR_REASONS.verify],
    [ADMIN_WITHOUT_FACTOR, TWO_FACTOR_REASONS.enrol],
  ]) {
    const res = await handler(asCaller(token, { leadId: row.id }));
    assert.equal(res.status, 403);
    assert.deepEqual(await res.json(), { error: reason });
  }
  assert.deepEqual([invites, enrolments], [[], []]);
  assert.equal((await handler(asCaller(ADMIN, { leadId: row.id }))).status, 200);
});
