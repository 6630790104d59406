import assert from 'node:assert/strict';
import { claimAndSend, type Outgoing } from './claim.ts';
import { HttpError } from './http.ts';
import { mailingDeps, minutesAgo } from './testing.ts';

const email = (to: string): Outgoing => ({
  message: { to, subject: 'Hello', html: '<p>Hello</p>', text: 'Hello' },
  failure: `mail to ${to} failed:`,
});

Deno.test('the claim covers the last 15 minutes; nothing claimed is a 202 that sends nothing', async () => {
  const deps = mailingDeps();
  let since: Date | undefined;
  const response = await claimAndSend({
    ...deps,
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
});

Deno.test('one email sent is enough for a 200; each failure is logged; afterSent runs', async () => {
  const deps = mailingDeps((to) => to === 'b@example.com');
  const after: string[][] = [];
  const response = await claimAndSend({
    ...deps,
    claim: () => Promise.resolve(['row-1']),
    emails: () => [email('a@example.com'), email('b@example.com')],
    release: () => Promise.reject(new Error('must not release')),
    afterSent: (claimed) => {
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
      ...deps,
      claim: () => Promise.resolve(['row-1']),
      emails: () => ['a@example.com', 'b@example.com'].slice(0, count).map(email),
      release: (claimed) => {
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
