import assert from 'node:assert/strict';
import { claimAndSend, type Outgoing } from './claim.ts';
import { HttpError } from './http.ts';
import { mailingDeps, minutesAgo } from './testing.ts';

/** What mailingHandler gives claimAndSend besides the flow: the function, the client, the deps. */
const context = (deps: ReturnType<typeof mailingDeps>) => ({
  ...deps,
  name: 'send-test',
  client: '203.0.113.9',
  recipient: 'a@example.com',
});

const email = (to: string): Outgoing => ({
  message: { to, subject: 'Hello', html: '<p>Hello</p>', text: 'Hello' },
  failure: `mail to ${to} failed:`,
});

Deno.test('the claim covers the last 15 minutes; nothing claimed is a 202 that sends nothing', async () => {
  const deps = mailingDeps();
  let since: Date | undefined;
  const response = await claimAndSend({
    ...context(deps),
    claim: (s) => {
      since = s;
      return Promise.resolve([]);
    },
    emails: () => [email('a@example.com')],
  });
  assert.equal(since?.getTime(), minutesAgo(15).getTime());
  assert.equal(response.status, 202);
  assert.deepEqual(await response.json(), { sent: false });
  assert.equal(deps.mailer.sent.length, 0);
  assert.deepEqual(deps.caps.reserved, []); // nothing to send counts against no cap
});

Deno.test('one email sent is enough for a 200; each failure is logged; afterSent runs', async () => {
  const deps = mailingDeps((to) => to === 'b@example.com');
  const after: string[][] = [];
  const response = await claimAndSend({
    ...context(deps),
    claim: () => Promise.resolve(['row-1']),
    emails: () => [email('a@example.com'), email('b@example.com')],
    release: () => Promise.reject(new Error('must not release')),
    afterSent: (claimed: string[]) => {
      after.push(claimed);
      return Promise.resolve();
    },
    body: (delivered) => ({ delivered }),
  });
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { delivered: [true, false] });
  assert.deepEqual(after, [['row-1']]);
  assert.deepEqual(deps.logger.lines, ['mail to b@example.com failed: delivery to b@example.com failed']);
});

for (const [count, reason] of [
  [1, 'The email could not be sent; please try again later'],
  [2, 'The emails could not be sent; please try again later'],
] as const) {
  Deno.test(`when none of ${count} email(s) is sent the claim is released and it is a 502`, async () => {
    const deps = mailingDeps(() => true);
    const released: string[][] = [];
    let afterSent = false;
    const attempt = claimAndSend({
      ...context(deps),
      claim: () => Promise.resolve(['row-1']),
      emails: () => ['a@example.com', 'b@example.com'].slice(0, count).map(email),
      release: (claimed: string[]) => {
        released.push(claimed);
        return Promise.resolve();
      },
      afterSent: () => {
        afterSent = true;
        return Promise.resolve();
      },
    });
    await assert.rejects(attempt, (error) => {
      assert.ok(error instanceof HttpError);
      assert.equal(error.status, 502);
      assert.equal(error.message, reason);
      return true;
    });
    assert.deepEqual(released, [['row-1']]);
    assert.equal(afterSent, false);
    assert.equal(deps.logger.lines.length, count);
  });
}

Deno.test('each send is reserved within the caps for its function, recipient and client', async () => {
  const deps = mailingDeps();
  const response = await claimAndSend({
    ...context(deps),
    claim: () => Promise.resolve(['row-1']),
    emails: () => [email('a@example.com')],
  });
  assert.equal(response.status, 200);
  assert.deepEqual(deps.caps.reserved, [
    { fn: 'send-test', recipient: 'a@example.com', client: '203.0.113.9' },
  ]);
});

Deno.test(
  'over a cap it is a 429 with the reason and Retry-After; nothing is sent; the claim is released',
  async () => {
    const deps = mailingDeps(undefined, () => 'Too many emails to this address. Please try again later.');
    const released: string[][] = [];
    const attempt = claimAndSend({
      ...context(deps),
      claim: () => Promise.resolve(['row-1']),
      emails: () => [email('a@example.com')],
      release: (claimed: string[]) => {
        released.push(claimed);
        return Promise.resolve();
      },
    });
    await assert.rejects(attempt, (error) => {
      assert.ok(error instanceof HttpError);
      assert.equal(error.status, 429);
      assert.equal(error.message, 'Too many emails to this address. Please try again later.');
      assert.deepEqual(error.headers, { 'Retry-After': '1200' });
      return true;
    });
    assert.equal(deps.mailer.sent.length, 0);
    assert.deepEqual(released, [['row-1']]);
  },
);
