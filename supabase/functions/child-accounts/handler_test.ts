import assert from 'node:assert/strict';
import { jsonRequest, memoryLogger } from '../_shared/testing.ts';
import { createHandler, type ChildAccountsPort, type ChildRecord } from './handler.ts';

const PARENT = '11111111-1111-4111-8111-111111111111';
const OTHER_PARENT = '22222222-2222-4222-8222-222222222222';
const MIA = '33333333-3333-4333-8333-333333333333';
const LEO = '44444444-4444-4444-8444-444444444444';
const ARJUN = '55555555-5555-4555-8555-555555555555';

interface AuthUser {
  email: string;
  password: string;
  firstName: string;
}

/** Children and Auth users in memory, with the tokens that sign each parent in. */
function setup(options: { failLink?: boolean; usernameTries?: number } = {}) {
  const children = new Map<string, ChildRecord>(
    [
      { id: MIA, parentId: PARENT, firstName: 'Mia' },
      { id: LEO, parentId: PARENT, firstName: 'Leo' },
      { id: ARJUN, parentId: OTHER_PARENT, firstName: 'Arjun' },
    ].map((c) => [c.id, { ...c, userId: null, username: null, secretKind: null }]),
  );
  const users = new Map<string, AuthUser>();
  const tokens: Record<string, string> = { 'parent-token': PARENT, 'other-token': OTHER_PARENT };
  const tries = new Map<string, number>();
  const port: ChildAccountsPort = {
    callerOf: (token) => Promise.resolve(tokens[token] ?? null),
    childOf: (id) => Promise.resolve(children.has(id) ? { ...children.get(id)! } : null),
    takeUsernameTry(parentId) {
      const used = tries.get(parentId) ?? 0;
      if (used >= (options.usernameTries ?? 10)) return Promise.resolve(false);
      tries.set(parentId, used + 1);
      return Promise.resolve(true);
    },
    usernameTaken: (username, except) =>
      Promise.resolve([...children.values()].some((c) => c.id !== except && c.username === username)),
    createUser(input) {
      if ([...users.values()].some((u) => u.email === input.email)) return Promise.resolve(null);
      const id = crypto.randomUUID();
      users.set(id, { ...input });
      return Promise.resolve(id);
    },
    updateUser(id, changes) {
      Object.assign(users.get(id)!, changes);
      return Promise.resolve();
    },
    deleteUser(id) {
      users.delete(id);
      for (const child of children.values()) {
        if (child.userId === id) Object.assign(child, { userId: null, username: null, secretKind: null });
      }
      return Promise.resolve();
    },
    link({ childId, userId, username, secretKind }) {
      if (options.failLink) return Promise.reject(new Error('database: link failed'));
      Object.assign(children.get(childId)!, { userId, username, secretKind });
      return Promise.resolve();
    },
  };
  const logger = memoryLogger();
  const handler = createHandler({ accounts: port, logger });
  const call = async (body: unknown, token = 'parent-token') => {
    const response = await handler(jsonRequest(body, { headers: { Authorization: `Bearer ${token}` } }));
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { handler, call, children, users, logger };
}

const create = (overrides: Record<string, unknown> = {}) => ({
  action: 'create',
  child_id: MIA,
  username: 'mia.r',
  secret: 'sunny-day-42',
  secret_kind: 'password',
  ...overrides,
});

Deno.test('answers the preflight and refuses other methods', async () => {
  const { handler } = setup();
  const url = 'http://x/functions/v1/child-accounts';
  assert.equal((await handler(new Request(url, { method: 'OPTIONS' }))).status, 204);
  assert.equal((await handler(new Request(url, { method: 'GET' }))).status, 405);
});

Deno.test('without a session it is a 401, and nothing is created', async () => {
  const { handler, call, users } = setup();
  const anonymous = await handler(
    new Request('http://x/functions/v1/child-accounts', { method: 'POST', body: JSON.stringify(create()) }),
  );
  assert.equal(anonymous.status, 401);
  assert.deepEqual(await call(create(), 'anon-key'), {
    status: 401,
    body: { error: "Sign in as the child's parent to manage their login" },
  });
  assert.equal(users.size, 0);
});

Deno.test('every bad payload is a 400 with the reason', async () => {
  const { call, users } = setup();
  const cases: [unknown, string][] = [
    ['not json', 'Body is not valid JSON'],
    [[], 'Body must be a JSON object'],
    [{ action: 'delete' }, "action: must be 'create', 'update' or 'remove'"],
    [{ child_id: MIA }, "action: must be 'create', 'update' or 'remove'"],
    [create({ child_id: 'nope' }), 'child_id: must be a child id'],
    [create({ child_id: undefined }), 'child_id: is required'],
    [create({ username: undefined }), 'username: is required'],
    [create({ username: 42 }), 'username: must be a string'],
    [create({ username: 'mi' }), 'username: must be at least 3 characters'],
    [create({ username: 'm'.repeat(31) }), 'username: must be at most 30 characters'],
    [
      create({ username: 'mia rivera' }),
      'username: may use letters, digits, dots and dashes, starting and ending with a letter or digit',
    ],
    [
      create({ username: '.mia' }),
      'username: may use letters, digits, dots and dashes, starting and ending with a letter or digit',
    ],
    [
      create({ username: 'mia..r' }),
      'username: may use letters, digits, dots and dashes, starting and ending with a letter or digit',
    ],
    [
      create({ username: 'mia@home' }),
      'username: may use letters, digits, dots and dashes, starting and ending with a letter or digit',
    ],
    [create({ secret: undefined }), 'secret: is required'],
    [create({ secret: 12345678 }), 'secret: must be a string'],
    [create({ secret_kind: 'emoji' }), "secret_kind: must be 'password' or 'pin'"],
    [create({ secret: 'short' }), 'secret: must be at least 8 characters'],
    [create({ secret: '        ' }), 'secret: must not be only spaces'],
    [create({ secret: 'x'.repeat(73) }), 'secret: must be at most 72 characters'],
    [create({ secret_kind: 'pin', secret: '1234' }), 'secret: a PIN must be at least 8 digits'],
    [create({ secret_kind: 'pin', secret: '1234abcd' }), 'secret: a PIN must be digits only'],
    [
      create({ secret_kind: 'pin', secret: '12345678' }),
      'secret: a PIN must not be one digit repeated or a straight run',
    ],
    [
      create({ secret_kind: 'pin', secret: '00000000' }),
      'secret: a PIN must not be one digit repeated or a straight run',
    ],
    // A NUL, a lone surrogate (JSON's "\ud800") or another control character, in any text field.
    [create({ username: 'mia\u0000r' }), 'username: must not contain control characters'],
    [create({ username: 'mia\ud800' }), 'username: must be valid Unicode text'],
    [create({ username: '\udc00mia' }), 'username: must be valid Unicode text'],
    [create({ secret: 'sunny\u0000day-42' }), 'secret: must not contain control characters'],
    [create({ secret: 'sunny-day-42\ud800' }), 'secret: must be valid Unicode text'],
    [create({ secret: 'sunny\nday-42' }), 'secret: must not contain control characters'],
    [create({ secret_kind: 'pin', secret: '4027\u00001958' }), 'secret: must not contain control characters'],
    [create({ secret_kind: 'pin', secret: '40271958\ud800' }), 'secret: must be valid Unicode text'],
    [
      { action: 'update', child_id: MIA, secret: 'sunny\u0000day-42', secret_kind: 'password' },
      'secret: must not contain control characters',
    ],
    [{ action: 'update', child_id: MIA, username: 'mia\ud800r' }, 'username: must be valid Unicode text'],
    [create({ extra: true }), "Unrecognized key(s) in object: 'extra'"],
    [{ action: 'update', child_id: MIA }, "Nothing to change: send 'username' or 'secret'"],
    [{ action: 'update', child_id: MIA, secret: 'sunny-day-42' }, "secret_kind: is required with 'secret'"],
    [{ action: 'remove' }, 'child_id: is required'],
  ];
  for (const [body, error] of cases) {
    assert.deepEqual(await call(body), { status: 400, body: { error } }, JSON.stringify(body));
  }
  assert.equal(users.size, 0);
  // A pair of surrogates is one character: a password may hold one.
  assert.equal((await call(create({ secret: 'sunny-day-\u{1F600}' }))).status, 201);
});

Deno.test('create: a user on the child domain under a random address, linked to the child', async () => {
  const { call, children, users } = setup();
  const answer = await call(create({ username: '  Mia.R ' }));
  assert.deepEqual(answer, {
    status: 201,
    body: { child_id: MIA, username: 'mia.r', secret_kind: 'password' },
  });
  const mia = children.get(MIA)!;
  assert.equal(mia.username, 'mia.r');
  const user = users.get(mia.userId!)!;
  assert.deepEqual(
    { ...user, email: undefined },
    {
      email: undefined,
      password: 'sunny-day-42',
      firstName: 'Mia',
    },
  );
  // Nothing of the username is in the address (docs/decisions/151): Auth's sign-up cannot tell it.
  assert.match(user.email, /^c-[0-9a-f]{32}@child\.ploom\.invalid$/);
  assert.ok(!user.email.includes('mia'));
  await call(create({ child_id: LEO, username: 'leo' }));
  assert.notEqual(users.get(children.get(LEO)!.userId!)!.email, user.email);
});

Deno.test('a PIN of 8 digits is accepted', async () => {
  const { call } = setup();
  const answer = await call(create({ secret_kind: 'pin', secret: '40271958' }));
  assert.equal(answer.status, 201);
  assert.equal(answer.body.secret_kind, 'pin');
});

Deno.test("another family's child is 404 and gets no login", async () => {
  const { call, users } = setup();
  assert.deepEqual(await call(create({ child_id: ARJUN })), {
    status: 404,
    body: { error: 'No such child' },
  });
  assert.deepEqual(await call(create({ child_id: '66666666-6666-4666-8666-666666666666' })), {
    status: 404,
    body: { error: 'No such child' },
  });
  assert.equal((await call({ action: 'remove', child_id: MIA }, 'other-token')).status, 404);
  assert.equal(users.size, 0);
});

Deno.test('a username is one child’s only: 409 for a second child and for a second login', async () => {
  const { call } = setup();
  assert.equal((await call(create())).status, 201);
  assert.deepEqual(await call(create({ child_id: LEO })), {
    status: 409,
    body: { error: 'That username is taken: try another one' },
  });
  assert.deepEqual(await call(create({ username: 'mia.two' })), {
    status: 409,
    body: { error: 'Mia already has a login: change it instead' },
  });
  assert.deepEqual(await call({ action: 'update', child_id: LEO, username: 'leo' }), {
    status: 404,
    body: { error: 'Leo has no login yet' },
  });
});

Deno.test('update: a new username keeps the address; a new PIN changes the secret and its kind', async () => {
  const { call, children, users } = setup();
  await call(create());
  const userId = children.get(MIA)!.userId!;
  const address = users.get(userId)!.email;
  assert.deepEqual(await call({ action: 'update', child_id: MIA, username: 'mimi' }), {
    status: 200,
    body: { child_id: MIA, username: 'mimi', secret_kind: 'password' },
  });
  assert.equal(children.get(MIA)!.username, 'mimi');
  assert.equal(users.get(userId)!.email, address);
  assert.equal(users.get(userId)!.password, 'sunny-day-42');
  const pin = await call({ action: 'update', child_id: MIA, secret: '40271958', secret_kind: 'pin' });
  assert.deepEqual(pin.body, { child_id: MIA, username: 'mimi', secret_kind: 'pin' });
  assert.equal(users.get(userId)!.password, '40271958');
  assert.equal(children.get(MIA)!.secretKind, 'pin');
  assert.deepEqual(await call({ action: 'update', child_id: MIA, secret_kind: 'password' }), {
    status: 400,
    body: { error: "secret: is required to change 'secret_kind'" },
  });
});

Deno.test('update to a username another child has is 409, and nothing changes', async () => {
  const { call, children, users } = setup();
  await call(create());
  await call(create({ child_id: LEO, username: 'leo' }));
  assert.equal((await call({ action: 'update', child_id: LEO, username: 'mia.r' })).status, 409);
  assert.equal(children.get(LEO)!.username, 'leo');
  assert.equal(users.size, 2);
});

Deno.test('remove: the Auth user goes and the child is unlinked', async () => {
  const { call, children, users } = setup();
  await call(create());
  assert.deepEqual(await call({ action: 'remove', child_id: MIA }), {
    status: 200,
    body: { child_id: MIA, status: 'removed' },
  });
  assert.equal(users.size, 0);
  assert.equal(children.get(MIA)!.userId, null);
  assert.equal((await call({ action: 'remove', child_id: MIA })).status, 404);
});

Deno.test('a login that cannot be linked is not left behind (500, Auth user deleted)', async () => {
  const { call, users, logger } = setup({ failLink: true });
  assert.deepEqual(await call(create()), { status: 500, body: { error: 'Internal error' } });
  assert.equal(users.size, 0);
  assert.equal(logger.lines.length, 1);
});

Deno.test(
  'usernames tried are capped per parent: 429 once the tries are used up, for renames too',
  async () => {
    const { call, children } = setup({ usernameTries: 3 });
    assert.equal((await call(create({ username: 'mia.one' }))).status, 201);
    assert.equal((await call({ action: 'update', child_id: MIA, username: 'mia.two' })).status, 200);
    // A secret change alone tries no name and is not counted.
    const secretOnly = await call({
      action: 'update',
      child_id: MIA,
      secret: '27182818',
      secret_kind: 'pin',
    });
    assert.equal(secretOnly.status, 200);
    assert.equal((await call({ action: 'update', child_id: MIA, username: 'mia.three' })).status, 200);
    const refused = await call({ action: 'update', child_id: MIA, username: 'mia.four' });
    assert.deepEqual(refused, {
      status: 429,
      body: { error: 'You have tried many usernames in the last hour: please try again later' },
    });
    assert.equal(children.get(MIA)!.username, 'mia.three');
    // Another parent has their own tries.
    assert.equal((await call(create({ child_id: ARJUN, username: 'arjun' }), 'other-token')).status, 201);
  },
);
