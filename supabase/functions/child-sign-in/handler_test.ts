import assert from 'node:assert/strict';
import { jsonRequest, memoryLogger } from '../_shared/testing.ts';
import {
  createHandler,
  INVALID_LOGIN,
  RATE_LIMITED,
  tooManyTries,
  type ChildSignInPort,
  type GrantAnswer,
  type TryJudgement,
  type TryOutcome,
} from './handler.ts';
import { randomChildEmail } from '../_shared/child-email.ts';

const MIA_EMAIL = 'c-0123456789abcdef0123456789abcdef@child.ploom.invalid';
const PIN = '27182818';
const LOCK = 'This login is locked after too many wrong tries.';
const SESSION = { access_token: 'at', refresh_token: 'rt', expires_in: 3600, user: { id: 'mia' } };

/**
 * A port in memory. The database's judgement is scripted by `judge` (default: every try may go on);
 * `lockOn` names the wrong try (1-based, per username) whose finish answers the lock, as the day's
 * ceiling does.
 */
function setup(
  options: {
    grant?: (email: string, password: string) => GrantAnswer;
    judge?: (username: string, client: string | null) => TryJudgement | undefined;
    lockOn?: number;
    grantThrows?: boolean;
  } = {},
  onLookup: (username: string) => void = () => {},
) {
  const logger = memoryLogger();
  const grants: { email: string; password: string; client: string | null }[] = [];
  const begun: { username: string; client: string | null }[] = [];
  const finished: { tryId: number; outcome: TryOutcome }[] = [];
  let clock = 0;
  const slept: number[] = [];
  const port: ChildSignInPort = {
    beginTry(username, client) {
      begun.push({ username, client });
      return Promise.resolve(options.judge?.(username, client) ?? { kind: 'go', tryId: begun.length });
    },
    emailOf: (username) => {
      onLookup(username);
      return Promise.resolve(username === 'mia' ? MIA_EMAIL : null);
    },
    passwordGrant(input) {
      grants.push(input);
      clock += 40; // Auth's work takes time
      if (options.grantThrows) return Promise.reject(new Error('connection refused'));
      const answer =
        options.grant?.(input.email, input.password) ??
        (input.email === MIA_EMAIL && input.password === PIN
          ? { status: 200, body: SESSION }
          : { status: 400, body: { code: 'invalid_credentials', msg: INVALID_LOGIN } });
      return Promise.resolve(answer);
    },
    finishTry(tryId, outcome) {
      finished.push({ tryId, outcome });
      const wrong = finished.filter((f) => f.outcome === 'failed').length;
      return Promise.resolve(outcome === 'failed' && wrong === options.lockOn ? LOCK : null);
    },
  };
  const handler = createHandler({
    port,
    logger,
    failureFloorMs: 600,
    now: () => clock,
    sleep: (ms) => {
      slept.push(ms);
      clock += ms;
      return Promise.resolve();
    },
  });
  return { handler, logger, grants, begun, finished, slept, elapsed: () => clock };
}

const signIn = (body: unknown, headers: Record<string, string> = {}) => jsonRequest(body, { headers });

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

Deno.test('a bad payload is answered 400 with the reason, and Auth is never asked', async () => {
  const cases: [unknown, string][] = [
    [{ secret: PIN }, 'username: is required'],
    [{ username: 'mia' }, 'secret: is required'],
    [{ username: 42, secret: PIN }, 'username: must be a string'],
    [{ username: '   ', secret: PIN }, 'username: is required'],
    [{ username: 'mia', secret: '' }, 'secret: is required'],
    [{ username: 'x'.repeat(65), secret: PIN }, 'username: must be at most 64 characters'],
    [{ username: 'mia', secret: '9'.repeat(73) }, 'secret: must be at most 72 characters'],
    [{ username: 'mia', secret: PIN, email: 'mia@example.com' }, "Unrecognized key(s) in object: 'email'"],
  ];
  for (const [body, reason] of cases) {
    const { handler, grants } = setup();
    assert.deepEqual(await answer(await handler(signIn(body))), { status: 400, body: { error: reason } });
    assert.equal(grants.length, 0);
  }
  const { handler } = setup();
  assert.deepEqual(await answer(await handler(signIn('not json'))), {
    status: 400,
    body: { error: 'Body is not valid JSON' },
  });
  assert.deepEqual(await answer(await handler(signIn([]))), {
    status: 400,
    body: { error: 'Body must be a JSON object' },
  });
});

Deno.test(
  'a username or secret that is no text a login has is answered 400, and nothing is looked up',
  async () => {
    const cases: [string, string][] = [
      // JSON's escapes, as a client sends them: a lone surrogate, a NUL, a line break, a C1 control
      ['{"username":"\\ud800","secret":"27182818"}', 'username: must be valid Unicode text'],
      ['{"username":"mia\\udc00","secret":"27182818"}', 'username: must be valid Unicode text'],
      ['{"username":"a\\u0000b","secret":"27182818"}', 'username: must not contain control characters'],
      ['{"username":"mia\\r\\nx","secret":"27182818"}', 'username: must not contain control characters'],
      ['{"username":"mia\\u0085","secret":"27182818"}', 'username: must not contain control characters'],
      ['{"username":"mia","secret":"2718\\ud8002818"}', 'secret: must be valid Unicode text'],
      ['{"username":"mia","secret":"2718\\u00002818"}', 'secret: must not contain a NUL character'],
    ];
    for (const [body, reason] of cases) {
      const looked: string[] = [];
      const { handler, grants, begun } = setup({}, (username) => looked.push(username));
      assert.deepEqual(
        await answer(await handler(signIn(body))),
        { status: 400, body: { error: reason } },
        body,
      );
      assert.deepEqual([looked, grants, begun], [[], [], []], body);
    }
    // A pair of surrogates is one character, and a tab in a secret is a password's own business.
    const { handler, grants } = setup();
    await handler(signIn({ username: 'mia\u{1F600}', secret: 'tab\there!' }));
    assert.deepEqual(
      grants.map((g) => g.password),
      ['tab\there!'],
    );
  },
);

Deno.test('the right username and secret get the session, asked for from the client’s address', async () => {
  const { handler, grants, begun, finished, slept } = setup();
  const response = await handler(
    signIn({ username: ' Mia ', secret: PIN }, { 'X-Forwarded-For': '203.0.113.9, 198.51.100.7' }),
  );
  assert.deepEqual(await answer(response), { status: 200, body: SESSION });
  // The try is judged by the name and the address the gateway appended, then recorded as a success.
  assert.deepEqual(begun, [{ username: 'mia', client: '198.51.100.7' }]);
  assert.deepEqual(grants, [{ email: MIA_EMAIL, password: PIN, client: '198.51.100.7' }]);
  assert.deepEqual(finished, [{ tryId: 1, outcome: 'succeeded' }]);
  assert.deepEqual(slept, []);
});

Deno.test('an unknown username is answered exactly as a wrong secret, after as long', async () => {
  const wrong = setup();
  const unknown = setup();
  const a = await answer(await wrong.handler(signIn({ username: 'mia', secret: '31415926' })));
  const b = await answer(await unknown.handler(signIn({ username: 'nobody.here', secret: '31415926' })));
  assert.deepEqual(a, { status: 400, body: { error: INVALID_LOGIN, code: 'invalid_credentials' } });
  assert.deepEqual(b, a);
  assert.equal(wrong.elapsed(), 600);
  assert.equal(unknown.elapsed(), 600);
  // The unknown name took the same steps: judged, an Auth call for an address no one has, counted.
  assert.equal(unknown.grants.length, 1);
  assert.match(unknown.grants[0].email, /^c-[0-9a-f]{32}@child\.ploom\.invalid$/);
  for (const run of [wrong, unknown]) {
    assert.equal(run.begun.length, 1);
    assert.deepEqual(run.finished, [{ tryId: 1, outcome: 'failed' }]);
  }
});

Deno.test(
  'an address that has had its tries is answered 429 with Retry-After, after the floor, and Auth is not asked',
  async () => {
    const { handler, grants, finished, elapsed } = setup({
      judge: () => ({ kind: 'address', retryAfter: 841 }),
    });
    const response = await handler(signIn({ username: 'mia', secret: PIN }));
    assert.equal(response.headers.get('Retry-After'), '841');
    assert.deepEqual(await answer(response), {
      status: 429,
      body: {
        error: 'Too many tries from this device. Try again in 15 minutes.',
        code: 'over_request_rate_limit',
      },
    });
    assert.deepEqual([grants, finished], [[], []]);
    assert.equal(elapsed(), 600);
    assert.equal(tooManyTries(1), 'Too many tries from this device. Try again in 1 minute.');
    assert.equal(tooManyTries(61), 'Too many tries from this device. Try again in 2 minutes.');
  },
);

Deno.test(
  'a locked username is refused with the lock message, the right secret too, and Auth is not asked',
  async () => {
    const { handler, grants, elapsed } = setup({ judge: () => ({ kind: 'locked', message: LOCK }) });
    assert.deepEqual(await answer(await handler(signIn({ username: 'mia', secret: PIN }))), {
      status: 400,
      body: { error: LOCK, code: 'invalid_credentials' },
    });
    assert.deepEqual(grants, []);
    assert.equal(elapsed(), 600);
  },
);

Deno.test(
  'the wrong try that locks a username, known or not, answers the lock message; so does the hook’s lock',
  async () => {
    for (const username of ['mia', 'nobody']) {
      const { handler } = setup({ lockOn: 3 });
      const answers = [];
      for (let i = 0; i < 3; i += 1) {
        answers.push(await answer(await handler(signIn({ username, secret: `3141592${i}` }))));
      }
      assert.deepEqual(
        answers.map((a) => a.body.error),
        [INVALID_LOGIN, INVALID_LOGIN, LOCK],
      );
    }
    const hook = setup({ grant: () => ({ status: 400, body: { code: 'invalid_credentials', msg: LOCK } }) });
    const known = await answer(await hook.handler(signIn({ username: 'mia', secret: PIN })));
    assert.deepEqual(known, { status: 400, body: { error: LOCK, code: 'invalid_credentials' } });
    assert.deepEqual(hook.finished, [{ tryId: 1, outcome: 'failed' }]);
  },
);

Deno.test(
  "Auth's rate limit is passed on as 429 with Retry-After; its failure is a 500 that names nothing",
  async () => {
    const limited = setup({
      grant: () => ({ status: 429, body: { code: 'over_request_rate_limit' }, retryAfter: '60' }),
    });
    const response = await limited.handler(signIn({ username: 'mia', secret: PIN }));
    assert.equal(response.headers.get('Retry-After'), '60');
    assert.deepEqual(await answer(response), {
      status: 429,
      body: { error: RATE_LIMITED, code: 'over_request_rate_limit' },
    });
    // Auth compared no secret: the try does not count.
    assert.deepEqual(limited.finished, [{ tryId: 1, outcome: 'unchecked' }]);

    const broken = setup({ grant: () => ({ status: 500, body: { msg: 'database down' } }) });
    assert.deepEqual(await answer(await broken.handler(signIn({ username: 'mia', secret: PIN }))), {
      status: 500,
      body: { error: 'Internal error' },
    });
    assert.equal(broken.logger.lines.length, 1);
    assert.deepEqual(broken.finished, [{ tryId: 1, outcome: 'unchecked' }]);

    const unreachable = setup({ grantThrows: true });
    assert.equal((await unreachable.handler(signIn({ username: 'mia', secret: PIN }))).status, 500);
    assert.deepEqual(unreachable.finished, [{ tryId: 1, outcome: 'unchecked' }]);
  },
);

Deno.test('only POST, with CORS on the preflight', async () => {
  const { handler } = setup();
  const preflight = await handler(new Request('http://x/functions/v1/child-sign-in', { method: 'OPTIONS' }));
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('Access-Control-Allow-Origin'), '*');
  const get = await handler(new Request('http://x/functions/v1/child-sign-in'));
  assert.equal(get.status, 405);
});

Deno.test('random child addresses are 128 random bits on the child domain', () => {
  const a = randomChildEmail();
  assert.match(a, /^c-[0-9a-f]{32}@child\.ploom\.invalid$/);
  assert.notEqual(a, randomChildEmail());
});
