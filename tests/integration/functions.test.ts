import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import type pg from 'pg';
import { adminDb, anonClient, signedInClient, stackEnv, uniqueEmail } from '../support/stack.ts';
import { anonClientFrom } from '../support/peer.ts';
import { listEmails, waitForEmail, type InboxEmail } from '../support/inbox.ts';

/**
 * The edge functions as the site calls them: supabase-js `functions.invoke` (and a beacon-like
 * fetch) through the stack's gateway, real Deno, real Postgres, real SMTP into the inbox.
 */

const XSS = '<script>alert(1)</script>';
const ESCAPED_XSS = '&lt;script&gt;alert(1)&lt;/script&gt;';
const TEAM_EMAIL = process.env.TEAM_EMAIL ?? 'team@ploom.local';
const functionUrl = (name: string) => `${stackEnv.url}/functions/v1/${name}`;

let db: pg.Client;
beforeAll(async () => {
  db = await adminDb();
});
afterAll(async () => {
  await db.end();
});

/** The `{ error }` body of a function's non-2xx answer, as supabase-js hands it over. */
async function invokeError(error: unknown): Promise<{ status: number; body: unknown }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

async function noEmailTo(address: string, waitMs = 1500): Promise<InboxEmail[]> {
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  return (await listEmails()).filter((mail) =>
    mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()),
  );
}

const sessionId = () => `session_${Date.now()}_${Math.random().toString(36).slice(2, 9)}`;

describe('the functions gateway', () => {
  it('answers the CORS preflight of every function without credentials', async () => {
    for (const name of [
      'track-page-leave',
      'send-newsletter-confirmation',
      'send-fit-call-notifications',
      'send-contact-notification',
      'send-quiz-results',
    ]) {
      const response = await fetch(functionUrl(name), {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:5173',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
        },
      });
      expect(response.status, name).toBeLessThan(300);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const allowed = response.headers.get('access-control-allow-headers') ?? '';
      for (const header of ['authorization', 'x-client-info', 'apikey', 'content-type']) {
        expect(allowed).toContain(header);
      }
      expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    }
  });

  it('refuses a function that verifies JWTs without a valid one, before it runs', async () => {
    const missing = await fetch(functionUrl('send-newsletter-confirmation'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'x@example.com' }),
    });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');

    const forged = await fetch(functionUrl('send-newsletter-confirmation'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer not.a.jwt' },
      body: JSON.stringify({ email: 'x@example.com' }),
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ message: 'Invalid JWT' });
  });

  it('runs a function for a signed-in user too (their access token is a valid JWT)', async () => {
    const { client } = await signedInClient();
    const { error } = await client.functions.invoke('send-newsletter-confirmation', { body: {} });
    expect(await invokeError(error)).toEqual({ status: 400, body: { error: 'email: is required' } });
  });

  it('answers 404 for a function that does not exist', async () => {
    const { error } = await anonClient().functions.invoke('no-such-function', { body: {} });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(((error as FunctionsHttpError).context as Response).status).toBe(404);
  });

  it('answers 405 for a method a function does not take', async () => {
    const response = await fetch(functionUrl('send-fit-call-notifications'), {
      headers: { Authorization: `Bearer ${stackEnv.anonKey}` },
    });
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ error: 'Method GET not allowed' });
  });
});

describe('track-page-leave', () => {
  async function pageLeaveRows(session: string) {
    const { rows } = await db.query(
      `select event_type, page_path, path, utm_source, duration_seconds, device_type, user_agent
         from public.web_analytics where session_id = $1`,
      [session],
    );
    return rows;
  }

  it('stores a beacon: text/plain body, no auth headers', async () => {
    const session = sessionId();
    const response = await fetch(functionUrl('track-page-leave'), {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({
        session_id: session,
        event_type: 'page_leave',
        page_path: '/coaching?utm_source=newsletter',
        duration_seconds: 37.6,
        device_type: 'tablet',
      }),
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await pageLeaveRows(session)).toEqual([
      {
        event_type: 'page_leave',
        page_path: '/coaching?utm_source=newsletter',
        path: '/coaching',
        utm_source: 'newsletter',
        duration_seconds: 38,
        device_type: 'tablet',
        user_agent: expect.any(String),
      },
    ]);
  });

  it('accepts the anon key in the query string, as the site sends beacons', async () => {
    const session = sessionId();
    const response = await fetch(`${functionUrl('track-page-leave')}?apikey=${stackEnv.anonKey}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({
        session_id: session,
        event_type: 'page_leave',
        page_path: '/',
        duration_seconds: 3,
        device_type: 'desktop',
      }),
    });
    expect(response.status).toBe(204);
    expect(await pageLeaveRows(session)).toHaveLength(1);
  });

  it('stores a page leave sent with functions.invoke', async () => {
    const session = sessionId();
    const { error } = await anonClient().functions.invoke('track-page-leave', {
      body: {
        session_id: session,
        event_type: 'page_leave',
        page_path: '/pricing',
        duration_seconds: 120,
        device_type: 'mobile',
      },
    });
    expect(error).toBeNull();
    expect(await pageLeaveRows(session)).toMatchObject([{ path: '/pricing', duration_seconds: 120 }]);
  });

  it('answers 400 with the reason and stores nothing for a bad event', async () => {
    const session = sessionId();
    const { error } = await anonClient().functions.invoke('track-page-leave', {
      body: {
        session_id: session,
        event_type: 'page_leave',
        page_path: 'no-slash',
        duration_seconds: 5,
        device_type: 'mobile',
      },
    });
    expect(await invokeError(error)).toEqual({
      status: 400,
      body: { error: "page_path: must start with '/'" },
    });
    const notJson = await fetch(functionUrl('track-page-leave'), {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'not json',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: 'Body is not valid JSON' });
    expect(await pageLeaveRows(session)).toHaveLength(0);
  });
});

describe('send-newsletter-confirmation', () => {
  it('welcomes a new subscriber once, with their name escaped, and records it', async () => {
    const client = anonClientFrom();
    const email = uniqueEmail('newsletter');
    const inserted = await client.from('newsletter_subscribers').insert({ email, first_name: XSS });
    expect(inserted.error).toBeNull();

    const { data, error } = await client.functions.invoke('send-newsletter-confirmation', {
      body: { email, firstName: XSS },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ sent: true });

    const welcome = await waitForEmail(email, /Welcome to the Ploom community/);
    expect(welcome.html).toContain(`Hi ${ESCAPED_XSS},`);
    expect(welcome.html).not.toContain('<script>');
    expect(welcome.text).toMatch(/Once a month/);
    expect(welcome.text).toMatch(/unsubscribe/);

    const { rows } = await db.query(
      `select confirmation_sent_at from public.newsletter_subscribers where email = $1`,
      [email],
    );
    expect(rows[0].confirmation_sent_at).toBeInstanceOf(Date);

    const again = await client.functions.invoke('send-newsletter-confirmation', { body: { email } });
    expect(again.data).toEqual({ sent: false });
    expect(await noEmailTo(email, 800)).toHaveLength(1);
  });

  it('sends nothing to an address that did not subscribe', async () => {
    const email = uniqueEmail('stranger');
    const { data, error } = await anonClientFrom().functions.invoke('send-newsletter-confirmation', {
      body: { email, firstName: 'Eve' },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ sent: false });
    expect(await noEmailTo(email)).toEqual([]);
  });

  it('sends nothing for a subscription older than 15 minutes', async () => {
    const email = uniqueEmail('old-subscriber');
    await db.query(
      `insert into public.newsletter_subscribers (email, created_at) values ($1, now() - interval '16 minutes')`,
      [email],
    );
    const { data } = await anonClientFrom().functions.invoke('send-newsletter-confirmation', {
      body: { email },
    });
    expect(data).toEqual({ sent: false });
    expect(await noEmailTo(email)).toEqual([]);
  });

  it('answers 400 with the reason for a bad payload', async () => {
    const { error } = await anonClientFrom().functions.invoke('send-newsletter-confirmation', {
      body: { email: 'not-an-email' },
    });
    expect(await invokeError(error)).toEqual({
      status: 400,
      body: { error: 'email: must be a valid email address' },
    });
  });
});

describe('send-fit-call-notifications', () => {
  it('sends the parent a confirmation and the team every field, escaped', async () => {
    const client = anonClientFrom();
    const email = uniqueEmail('fitcall');
    const marker = Math.random().toString(36).slice(2, 8);
    const name = `${XSS} Jordan ${marker}`;
    const form = {
      name,
      email,
      phone: '555-010-2030',
      childName: `Sam <b>${marker}</b>`,
      childAge: '9',
      challenge: 'connection',
    };
    const inserted = await client.from('waitlist').insert({
      name: form.name,
      email: form.email,
      phone: form.phone,
      child_name: form.childName,
      age_band: form.childAge,
      challenge: form.challenge,
      consent: true,
      source: 'fit-call',
    });
    expect(inserted.error).toBeNull();

    const { data, error } = await client.functions.invoke('send-fit-call-notifications', { body: form });
    expect(error).toBeNull();
    // an intro-call request's answer carries the link token to book the call (decision 170)
    expect(data).toEqual({
      sent: true,
      team: true,
      confirmation: true,
      bookingToken: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const parent = await waitForEmail(email, /Intro Call request/);
    expect(parent.html).toContain(`Hi ${ESCAPED_XSS} Jordan ${marker},`);
    // the confirmation links to the booking page with the same lead's token, which opens it
    expect(parent.html).toContain(`/intro-call#token=${(data as { bookingToken: string }).bookingToken}"`);
    const opened = await client.rpc('get_intro_call_booking', {
      token: (data as { bookingToken: string }).bookingToken,
    });
    expect(opened.error).toBeNull();
    expect(opened.data).toEqual([expect.objectContaining({ parent_name: form.name, call_id: null })]);
    expect(parent.text).toMatch(/within 24 hours to schedule your free 15-minute Intro Call/);
    expect(parent.html).not.toContain('<script>');

    const team = await waitForEmail(TEAM_EMAIL, new RegExp(`New Intro Call request from .*${marker}`));
    expect(team.subject).not.toMatch(/[\r\n]/);
    expect(team.html).not.toContain('<script>');
    expect(team.html).not.toContain('<b>');
    for (const shown of [
      `${ESCAPED_XSS} Jordan ${marker}`,
      email,
      '555-010-2030',
      `Sam &lt;b&gt;${marker}&lt;/b&gt;`,
      'Strengthening Connection',
    ]) {
      expect(team.html).toContain(shown);
    }
    expect(team.text).toMatch(/Child age: 9/);

    const { rows } = await db.query(`select notified_at from public.waitlist where email = $1`, [email]);
    expect(rows[0].notified_at).toBeInstanceOf(Date);
  });

  it('sends nothing for an address without a recent request', async () => {
    const email = uniqueEmail('no-lead');
    const { data } = await anonClientFrom().functions.invoke('send-fit-call-notifications', {
      body: { name: 'Eve', email, phone: '', childName: '', childAge: '', challenge: '' },
    });
    expect(data).toEqual({ sent: false });
    expect(await noEmailTo(email)).toEqual([]);
  });

  it('answers 400 with the reason for an unknown challenge', async () => {
    const { error } = await anonClientFrom().functions.invoke('send-fit-call-notifications', {
      body: { name: 'Jordan', email: uniqueEmail(), phone: '555-010-2030', challenge: 'sleep' },
    });
    expect(await invokeError(error)).toEqual({
      status: 400,
      body: { error: 'challenge: must be one of emotions, confidence, focus, connection, other' },
    });
  });
});

describe('send-contact-notification', () => {
  it('notifies the team with the message and sends the sender a receipt', async () => {
    const client = anonClientFrom();
    const email = uniqueEmail('contact');
    const marker = Math.random().toString(36).slice(2, 8);
    const message = {
      name: `Priya ${marker}`,
      email,
      topic: 'billing',
      message: `Can we pause in August? ${XSS}`,
    };
    const inserted = await client.from('contact_messages').insert({ id: crypto.randomUUID(), ...message });
    expect(inserted.error).toBeNull();

    const { data, error } = await client.functions.invoke('send-contact-notification', { body: message });
    expect(error).toBeNull();
    expect(data).toEqual({ sent: true });

    const team = await waitForEmail(
      TEAM_EMAIL,
      new RegExp(`Contact form: Plans and billing \\(from Priya ${marker}\\)`),
    );
    expect(team.html).toContain(`Can we pause in August? ${ESCAPED_XSS}`);
    expect(team.html).not.toContain('<script>');
    const receipt = await waitForEmail(email, /We received your message/);
    expect(receipt.text).toMatch(/within 24 hours/);

    const { rows } = await db.query(`select notified_at from public.contact_messages where email = $1`, [
      email,
    ]);
    expect(rows[0].notified_at).toBeInstanceOf(Date);
  });
});

describe('send-quiz-results', () => {
  it('emails the results once to the address the parent attached with consent', async () => {
    const client = anonClientFrom();
    const id = crypto.randomUUID();
    const email = uniqueEmail('quiz');
    const saved = await client.from('quiz_assessments').insert({
      id,
      answers: { q1: 2 },
      scores: { emotions: 40, confidence: 72, focus: 50, connection: 81 },
      recommended_plan: 'focused-progress',
      top_focus_area: 'emotions',
      child_first_name: XSS,
      child_age: 9,
    });
    expect(saved.error).toBeNull();

    const stranger = await client.functions.invoke('send-quiz-results', {
      body: { assessmentId: id, email },
    });
    expect(stranger.data).toEqual({ sent: false });

    const attached = await client.rpc('email_me_quiz_results', { assessment_id: id, email });
    expect(attached.error).toBeNull();
    const { data, error } = await client.functions.invoke('send-quiz-results', {
      body: { assessmentId: id, email },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ sent: true });

    const results = await waitForEmail(email, /assessment results/);
    expect(results.html).toContain(ESCAPED_XSS);
    expect(results.html).not.toContain('<script>');
    expect(results.text).toMatch(/Emotional Regulation: 40\/100/);
    expect(results.text).toMatch(/The plan we suggest: Focused Progress/);

    const again = await client.functions.invoke('send-quiz-results', { body: { assessmentId: id, email } });
    expect(again.data).toEqual({ sent: false });
  });
});

describe('sending caps', () => {
  /** A client's own X-Forwarded-For claim: documentation addresses, new on every request. */
  const hex4 = () => Math.floor(Math.random() * 0x10000).toString(16);
  const forgedForwardedFor = () => `2001:db8:${hex4()}:${hex4()}::1, 10.0.0.1`;

  async function emailsTo(address: string): Promise<InboxEmail[]> {
    return (await listEmails()).filter((mail) =>
      mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()),
    );
  }

  it('mails one address at most 5 times an hour, however many assessments name it, even in parallel', async () => {
    const client = anonClientFrom();
    const stranger = uniqueEmail('stranger');
    const ids = Array.from({ length: 8 }, () => crypto.randomUUID());
    for (const id of ids) {
      const saved = await client.from('quiz_assessments').insert({
        id,
        answers: { q1: 3 },
        scores: { emotions: 50, confidence: 50, focus: 50, connection: 50 },
        recommended_plan: 'steady-growth',
      });
      expect(saved.error).toBeNull();
      const attached = await client.rpc('email_me_quiz_results', { assessment_id: id, email: stranger });
      expect(attached.error).toBeNull();
    }

    const answers = await Promise.all(
      ids.map((assessmentId) =>
        client.functions.invoke('send-quiz-results', { body: { assessmentId, email: stranger } }),
      ),
    );
    expect(answers.filter((a) => a.error === null && a.data?.sent === true)).toHaveLength(5);
    const refused = answers.filter((a) => a.error !== null);
    expect(refused).toHaveLength(3);
    const response = (refused[0].error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({
      error: 'Too many emails to this address. Please try again later.',
    });

    await waitForEmail(stranger, /assessment results/);
    expect(await noEmailTo(stranger, 800)).toHaveLength(5);
    // What the parent asked for is kept: every assessment still carries the address.
    const { rows } = await db.query(
      'select count(*)::int as n from public.quiz_assessments where email = $1',
      [stranger.toLowerCase()],
    );
    expect(rows[0].n).toBe(8);
  }, 60_000);

  it('welcomes at most 10 new subscribers an hour from one client, whatever X-Forwarded-For it sends, then answers 429 and keeps the row', async () => {
    const client = anonClientFrom();
    // Each request claims another origin in its own header: the cap keys on the gateway's entry.
    // (The row itself is saved from another address past the tenth: the form's own cap, 10 saves an
    // hour from one client, would refuse it first; decision 231.)
    const subscribe = async (email: string, saveFrom = client) => {
      expect((await saveFrom.from('newsletter_subscribers').insert({ email })).error).toBeNull();
      return client.functions.invoke('send-newsletter-confirmation', {
        body: { email },
        headers: { 'X-Forwarded-For': forgedForwardedFor() },
      });
    };
    const welcomed = Array.from({ length: 10 }, () => uniqueEmail('bulk'));
    for (const email of welcomed) {
      expect((await subscribe(email)).data).toEqual({ sent: true });
    }
    const last = uniqueEmail('bulk-over');
    const over = await subscribe(last, anonClientFrom());
    expect(await invokeError(over.error)).toEqual({
      status: 429,
      body: { error: 'Too many emails requested from this device. Please try again later.' },
    });

    await waitForEmail(welcomed[9], /Welcome to the Ploom community/);
    expect(await emailsTo(last)).toEqual([]);
    const { rows } = await db.query(
      'select confirmation_sent_at from public.newsletter_subscribers where email = $1',
      [last],
    );
    expect(rows).toEqual([{ confirmation_sent_at: null }]);

    // Another client is not held back by this one.
    const other = uniqueEmail('other-client');
    const elsewhere = anonClientFrom();
    expect((await elsewhere.from('newsletter_subscribers').insert({ email: other })).error).toBeNull();
    const fine = await elsewhere.functions.invoke('send-newsletter-confirmation', { body: { email: other } });
    expect(fine.data).toEqual({ sent: true });
  }, 90_000);
});

describe('send-session-emails', () => {
  it('is for the database alone: the anon key and a signed-in user are refused', async () => {
    const anon = await anonClient().functions.invoke('send-session-emails', { body: {} });
    expect(await invokeError(anon.error)).toEqual({
      status: 403,
      body: { error: 'Only the project’s scheduled jobs may call this function' },
    });
    const { client } = await signedInClient();
    const user = await client.functions.invoke('send-session-emails', { body: {} });
    expect((await invokeError(user.error)).status).toBe(403);
  });

  it('runs for the service role key, as the database calls it', async () => {
    const response = await fetch(functionUrl('send-session-emails'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${stackEnv.serviceRoleKey}` },
      body: JSON.stringify({ limit: 1 }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ sent: expect.any(Number), retry: expect.any(Number) });
  });
});
