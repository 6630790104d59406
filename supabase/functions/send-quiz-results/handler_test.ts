import assert from 'node:assert/strict';
import {
  assertNameOnOneLine,
  FUNCTION_URL,
  jsonRequest,
  LINE_BREAKING_NAME,
  mailingDeps,
  minutesAgo,
  uniqueEmail,
  XSS,
} from '../_shared/testing.ts';
import { quizResultsEmail, RESULTS_SUBJECT } from './email.ts';
import { createHandler, type Assessment } from './handler.ts';

const assessment = (overrides: Partial<Assessment> = {}): Assessment => ({
  id: crypto.randomUUID(),
  email: uniqueEmail('quiz'),
  emailConsentAt: minutesAgo(1).toISOString(),
  scores: { emotions: 40, confidence: 72, focus: 50, connection: 81 },
  recommendedPlan: 'steady-growth',
  topFocusArea: 'emotions',
  childFirstName: 'Ava',
  ...overrides,
});

function setup(rows: Assessment[], options: { mailFails?: boolean } = {}) {
  const emailed = new Set<string>();
  const deps = mailingDeps(() => options.mailFails === true);
  const handler = createHandler({
    store: {
      find: (id) => Promise.resolve(rows.find((r) => r.id === id) ?? null),
      wasEmailed: (id) => Promise.resolve(emailed.has(id)),
      recordEmailed: (id) => {
        emailed.add(id);
        return Promise.resolve();
      },
    },
    siteUrl: 'http://localhost:5173',
    ...deps,
  });
  return { handler, emailed, ...deps };
}

Deno.test('the results go once to the address attached with consent', async () => {
  const row = assessment();
  const { handler, mailer, emailed } = setup([row]);
  const response = await handler(jsonRequest({ assessmentId: row.id, email: row.email!.toUpperCase() }));
  assert.equal(response.status, 200);
  assert.equal(mailer.sent.length, 1);
  const email = mailer.sent[0];
  assert.equal(email.to, row.email);
  assert.equal(email.subject, RESULTS_SUBJECT);
  assert.match(email.text, /Ava's assessment results/);
  assert.match(email.text, /Emotional Regulation: 40\/100 · Focus area/);
  assert.match(email.text, /Confidence: 72\/100 · Strength/);
  assert.match(email.text, /Focus: 50\/100 · Growing/);
  assert.match(email.text, /The skill to start with: Emotional Regulation\./);
  assert.match(email.text, /The plan we suggest: Steady Growth \(1 × 30-minute session a week/);
  assert.match(email.html, /href="http:\/\/localhost:5173\/request-fit-call"/);
  assert.ok(emailed.has(row.id));
  assert.equal((await handler(jsonRequest({ assessmentId: row.id, email: row.email }))).status, 202);
  assert.equal(mailer.sent.length, 1);
});

Deno.test('nothing is sent to another address, without consent, or after 15 minutes', async () => {
  const rows = [
    assessment(),
    assessment({ email: null, emailConsentAt: null }),
    assessment({ emailConsentAt: minutesAgo(16).toISOString() }),
  ];
  const { handler, mailer } = setup(rows);
  const attempts = [
    { assessmentId: rows[0].id, email: 'someone.else@example.com' },
    { assessmentId: rows[1].id, email: 'x@example.com' },
    { assessmentId: rows[2].id, email: rows[2].email },
    { assessmentId: crypto.randomUUID(), email: rows[0].email },
  ];
  for (const body of attempts) {
    const response = await handler(jsonRequest(body));
    assert.equal(response.status, 202);
    assert.deepEqual(await response.json(), { sent: false });
  }
  assert.equal(mailer.sent.length, 0);
});

Deno.test("the child's name is escaped", async () => {
  const row = assessment({ childFirstName: XSS });
  const { handler, mailer } = setup([row]);
  await handler(jsonRequest({ assessmentId: row.id, email: row.email }));
  assert.doesNotMatch(mailer.sent[0].html, /<script>/);
  assert.match(mailer.sent[0].html, /&lt;script&gt;/);
});

Deno.test('a failed send is not recorded, so a retry can send it', async () => {
  const row = assessment();
  const failing = setup([row], { mailFails: true });
  assert.equal((await failing.handler(jsonRequest({ assessmentId: row.id, email: row.email }))).status, 502);
  assert.equal(failing.emailed.size, 0);
});

Deno.test('400 with the reason for a bad payload, 405 for GET, 204 for the preflight', async () => {
  const { handler } = setup([]);
  const bad = await handler(jsonRequest({ assessmentId: 'abc', email: 'a@b.co' }));
  assert.equal(bad.status, 400);
  assert.deepEqual(await bad.json(), { error: 'assessmentId: must be a UUID' });
  const noEmail = await handler(jsonRequest({ assessmentId: crypto.randomUUID() }));
  assert.deepEqual(await noEmail.json(), { error: 'email: is required' });
  assert.equal((await handler(new Request(FUNCTION_URL))).status, 405);
  assert.equal((await handler(new Request(FUNCTION_URL, { method: 'OPTIONS' }))).status, 204);
});

Deno.test("a child's first name with line breaks stays on one line in the text", () => {
  const { text } = quizResultsEmail({
    to: 'eve@example.com',
    childFirstName: LINE_BREAKING_NAME,
    scores: { focus: 40 },
    recommendedPlan: 'steady-growth',
  });
  assertNameOnOneLine(text);
});
