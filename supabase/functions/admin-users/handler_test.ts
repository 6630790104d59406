import assert from 'node:assert/strict';
import { jsonRequest, memoryLogger, NOW } from '../_shared/testing.ts';
import { TWO_FACTOR_REASONS, type StaffTwoFactorStep } from '../_shared/staff-two-factor.ts';
import { createHandler, type Account, type AccountsPort, type AdminActionStamp } from './handler.ts';

const ADMIN = '11111111-1111-4111-8111-111111111111';
const OTHER_ADMIN = '22222222-2222-4222-8222-222222222222';
const PARENT = '33333333-3333-4333-8333-333333333333';

/** Accounts in memory, with the tokens that sign each user in, recording what the handler did. */
function setup(
  options: {
    accounts?: Account[];
    emails?: Record<string, string>;
    /** what two-factor sign-in still asks of a user's session (the database's answer); else 'none' */
    twoFactorSteps?: Record<string, StaffTwoFactorStep>;
    siteUrl?: string;
  } = {},
) {
  const accounts = new Map<string, Account>(
    (
      options.accounts ?? [
        { id: ADMIN, roles: ['admin'], banned: false, confirmed: true },
        { id: PARENT, roles: ['parent'], banned: false, confirmed: true },
      ]
    ).map((a) => [a.id, { ...a }]),
  );
  const emails = new Map(Object.entries(options.emails ?? { 'sam@example.com': PARENT }));
  const tokens: Record<string, string> = { 'admin-token': ADMIN, 'parent-token': PARENT };
  const log: {
    invites: unknown[];
    grants: unknown[];
    bans: [string, boolean, AdminActionStamp][];
    stamps: unknown[];
    removed: string[];
    audits: unknown[];
  } = { invites: [], grants: [], bans: [], stamps: [], removed: [], audits: [] };
  const port: AccountsPort = {
    callerOf: (token) => {
      const id = tokens[token];
      const account = id ? accounts.get(id) : undefined;
      return Promise.resolve(
        account
          ? {
              id,
              isAdmin: account.roles.includes('admin'),
              name: 'Alex Morgan',
              twoFactorStep: options.twoFactorSteps?.[id] ?? 'none',
            }
          : null,
      );
    },
    accountOf: (id) => Promise.resolve(accounts.get(id) ?? null),
    accountByEmail: (_token, email) =>
      Promise.resolve(accounts.get(emails.get(email.toLowerCase()) ?? '') ?? null),
    otherActiveAdminExists: (except) =>
      Promise.resolve(
        [...accounts.values()].some((a) => a.id !== except && a.roles.includes('admin') && !a.banned),
      ),
    invite(input) {
      log.invites.push(input);
      const id = crypto.randomUUID();
      accounts.set(id, { id, roles: ['parent'], banned: false, confirmed: false });
      emails.set(input.email.toLowerCase(), id);
      return Promise.resolve(id);
    },
    grantInvitedRole(token, userId, role, displayName) {
      log.grants.push({ token, userId, role, displayName });
      accounts.get(userId)!.roles = [role];
      return Promise.resolve();
    },
    setBanned(userId, banned, stamp) {
      log.bans.push([userId, banned, stamp]);
      accounts.get(userId)!.banned = banned;
      return Promise.resolve();
    },
    stamp(userId, stamp) {
      log.stamps.push({ userId, stamp });
      return Promise.resolve();
    },
    removeFactors(userId) {
      log.removed.push(userId);
      return Promise.resolve(1);
    },
    audit(entry) {
      log.audits.push(entry);
      return Promise.resolve();
    },
  };
  const logger = memoryLogger();
  const handler = createHandler({
    accounts: port,
    siteUrl: 'siteUrl' in options ? options.siteUrl : 'http://localhost:5173',
    now: () => NOW,
    logger,
  });
  const call = (body: unknown, token = 'admin-token') =>
    handler(jsonRequest(body, { headers: { Authorization: `Bearer ${token}` } }));
  return { handler, call, accounts, log, logger };
}

async function answer(response: Response) {
  assert.equal(response.headers.get('access-control-allow-origin'), '*');
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

Deno.test('answers the preflight and refuses other methods', async () => {
  const { handler } = setup();
  const preflight = await handler(new Request('http://x/functions/v1/admin-users', { method: 'OPTIONS' }));
  assert.equal(preflight.status, 204);
  const get = await handler(new Request('http://x/functions/v1/admin-users', { method: 'GET' }));
  assert.equal(get.status, 405);
});

Deno.test('without a session it is a 401; a signed-in non-admin gets a 403 and nothing changes', async () => {
  const { handler, call, log } = setup();
  const anonymous = await handler(
    new Request('http://x/functions/v1/admin-users', { method: 'POST', body: '{"action":"deactivate"}' }),
  );
  assert.deepEqual(await answer(anonymous), {
    status: 401,
    body: { error: 'Sign in as an admin to manage users' },
  });
  assert.equal((await call({ action: 'deactivate', user_id: ADMIN }, 'anon-key')).status, 401);
  const parent = await answer(await call({ action: 'deactivate', user_id: ADMIN }, 'parent-token'));
  assert.deepEqual(parent, { status: 403, body: { error: 'Only admins can manage users' } });
  assert.deepEqual(log.bans, []);
});

Deno.test('a bad payload is a 400 with the reason', async () => {
  const { call } = setup();
  const cases: [unknown, string][] = [
    [{ action: 'delete' }, "action: must be 'invite', 'deactivate', 'reactivate' or 'reset_two_factor'"],
    [{ action: 'deactivate', user_id: 'nope' }, 'user_id: must be a user id'],
    [
      { action: 'invite', email: 'x', first_name: 'A', role: 'coach' },
      'email: must be a valid email address',
    ],
    [
      { action: 'invite', email: 'a@b.co', first_name: 'A', role: 'parent' },
      "role: must be 'coach' or 'admin'",
    ],
    [{ action: 'invite', email: 'a@b.co', first_name: ' ', role: 'coach' }, 'first_name: is required'],
  ];
  for (const [body, error] of cases) {
    assert.deepEqual(await answer(await call(body)), { status: 400, body: { error } });
  }
  assert.equal((await call('not json')).status, 400);
});

Deno.test(
  'invite: emails the invitation (role, who invited) to /welcome, stamps the admin, grants the role as the admin',
  async () => {
    const { call, log, accounts } = setup();
    const response = await answer(
      await call({
        action: 'invite',
        email: 'Casey@Example.com',
        first_name: 'Casey',
        last_name: 'Coach',
        role: 'coach',
      }),
    );
    assert.equal(response.status, 201);
    const id = response.body.user_id as string;
    assert.equal(response.body.status, 'invited');
    assert.deepEqual(log.invites, [
      {
        email: 'Casey@Example.com',
        firstName: 'Casey',
        lastName: 'Coach',
        role: 'coach',
        invitedBy: 'Alex Morgan',
        redirectTo: 'http://localhost:5173/welcome',
      },
    ]);
    assert.deepEqual(log.stamps, [
      { userId: id, stamp: { action: 'invite', by: ADMIN, at: NOW.toISOString(), role: 'coach' } },
    ]);
    assert.deepEqual(log.grants, [
      { token: 'admin-token', userId: id, role: 'coach', displayName: 'Casey Coach' },
    ]);
    assert.deepEqual(accounts.get(id)?.roles, ['coach']);
  },
);

Deno.test('invite: an address that already has a confirmed account is a 409 and sends nothing', async () => {
  const { call, log } = setup();
  const response = await answer(
    await call({ action: 'invite', email: 'SAM@example.com', first_name: 'Sam', role: 'admin' }),
  );
  assert.deepEqual(response, {
    status: 409,
    body: { error: 'An account with this email already exists: grant it the role instead' },
  });
  assert.deepEqual(log.invites, []);
});

Deno.test('deactivate bans the account with the admin stamped; reactivate lifts it', async () => {
  const { call, log, accounts } = setup();
  assert.deepEqual(await answer(await call({ action: 'deactivate', user_id: PARENT })), {
    status: 200,
    body: { user_id: PARENT, status: 'deactivated' },
  });
  assert.equal(accounts.get(PARENT)?.banned, true);
  // Asking twice changes nothing more.
  await call({ action: 'deactivate', user_id: PARENT });
  assert.deepEqual(await answer(await call({ action: 'reactivate', user_id: PARENT })), {
    status: 200,
    body: { user_id: PARENT, status: 'active' },
  });
  assert.deepEqual(log.bans, [
    [PARENT, true, { action: 'deactivate', by: ADMIN, at: NOW.toISOString() }],
    [PARENT, false, { action: 'reactivate', by: ADMIN, at: NOW.toISOString() }],
  ]);
});

Deno.test(
  'an admin cannot deactivate themselves, nor the last active admin; an unknown user is a 404',
  async () => {
    const { call, log } = setup({
      accounts: [
        { id: ADMIN, roles: ['admin'], banned: false, confirmed: true },
        { id: OTHER_ADMIN, roles: ['admin'], banned: true, confirmed: true },
      ],
    });
    assert.deepEqual(await answer(await call({ action: 'deactivate', user_id: ADMIN })), {
      status: 409,
      body: { error: 'You cannot deactivate your own account' },
    });
    assert.equal((await call({ action: 'deactivate', user_id: crypto.randomUUID() })).status, 404);
    assert.deepEqual(log.bans, []);
  },
);

Deno.test('an unexpected failure is a 500 that names no internals, and is logged', async () => {
  const logger = memoryLogger();
  const failing = createHandler({
    // Only the first call is reached: the caller lookup fails.
    accounts: { callerOf: () => Promise.reject(new Error('auth down')) } as unknown as AccountsPort,
    siteUrl: undefined,
    logger,
  });
  const response = await answer(
    await failing(
      jsonRequest({ action: 'deactivate', user_id: PARENT }, { headers: { Authorization: 'Bearer t' } }),
    ),
  );
  assert.deepEqual(response, { status: 500, body: { error: 'Internal error' } });
  assert.equal(logger.lines.length, 1);
});

Deno.test("reset_two_factor removes a coach's factors and audits it as the admin's action", async () => {
  const COACH = '44444444-4444-4444-8444-444444444444';
  const { call, log } = setup({
    accounts: [
      { id: ADMIN, roles: ['admin'], banned: false, confirmed: true },
      { id: COACH, roles: ['coach'], banned: false, confirmed: true },
      { id: PARENT, roles: ['parent'], banned: false, confirmed: true },
    ],
  });
  const response = await call({ action: 'reset_two_factor', user_id: COACH });
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { user_id: COACH, status: 'two_factor_reset', factors_removed: 1 });
  assert.deepEqual(log.removed, [COACH]);
  assert.deepEqual(log.audits, [
    { actor: ADMIN, action: 'USER_TWO_FACTOR_RESET', userId: COACH, metadata: { factors_removed: 1 } },
  ]);

  const parent = await call({ action: 'reset_two_factor', user_id: PARENT });
  assert.equal(parent.status, 409);
  const notAdmin = await call({ action: 'reset_two_factor', user_id: COACH }, 'parent-token');
  assert.equal(notAdmin.status, 403);
  assert.deepEqual(log.removed, [COACH]);
});

Deno.test('an admin with a verified factor must have entered its code (aal2) to manage users', async () => {
  const { call, log } = setup({ twoFactorSteps: { [ADMIN]: 'verify' } });
  for (const payload of [
    { action: 'deactivate', user_id: PARENT },
    { action: 'reactivate', user_id: PARENT },
    { action: 'reset_two_factor', user_id: OTHER_ADMIN },
    { action: 'invite', email: 'new.coach@example.com', first_name: 'Nia', role: 'coach' },
  ]) {
    const response = await call(payload);
    assert.equal(response.status, 403, payload.action);
    assert.deepEqual(await response.json(), { error: TWO_FACTOR_REASONS.verify });
  }
  assert.deepEqual([log.bans, log.removed, log.invites, log.grants], [[], [], [], []]);
});

Deno.test('an admin without a factor while staff two-factor is required must set one up first', async () => {
  const { call, log } = setup({ twoFactorSteps: { [ADMIN]: 'enrol' } });
  const response = await call({ action: 'deactivate', user_id: PARENT });
  assert.equal(response.status, 403);
  assert.deepEqual(await response.json(), { error: TWO_FACTOR_REASONS.enrol });
  assert.deepEqual(log.bans, []);
});

Deno.test(
  "invite: the link never follows the request's Origin; without SITE_URL it fails plainly, inviting no one",
  async () => {
    const { handler, log, logger } = setup({ siteUrl: undefined });
    const response = await answer(
      await handler(
        jsonRequest(
          { action: 'invite', email: 'casey@example.com', first_name: 'Casey', role: 'coach' },
          { headers: { Authorization: 'Bearer admin-token', Origin: 'https://attacker.example' } },
        ),
      ),
    );
    assert.deepEqual(response, {
      status: 503,
      body: { error: 'The site address (SITE_URL) is not configured' },
    });
    assert.deepEqual(log.invites, []);
    assert.deepEqual(log.grants, []);
    assert.match(logger.lines.join('\n'), /SITE_URL is not set/);
  },
);
