import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, anonClient, serviceClient, stackEnv, uniqueEmail } from '../support/stack.ts';
import { asActor, insertRow, leadFactory } from './support.ts';

/**
 * The limits that keep the public forms and the mailing functions from being turned against
 * families or the team: 10 form rows an hour per address, and the sending caps the functions
 * reserve in (rpc reserve_mail_send), both under concurrency.
 */

const ROWS_PER_EMAIL_PER_HOUR = 10;
const MAILS_PER_RECIPIENT_PER_HOUR = 5;
const MAILS_PER_RECIPIENT_PER_DAY = 10;
const SENDS_PER_CLIENT_PER_HOUR = 30;
const NEW_RECIPIENTS_PER_CLIENT_PER_HOUR = 10;

let db: pg.Client;
const clients: string[] = [];

beforeAll(async () => {
  db = await adminDb();
});
afterAll(async () => {
  await db.query('delete from private.mail_send_attempts where client = any($1)', [clients]);
  await db?.end();
});

/** A client address of the documentation range, unique to the test. */
function newClient(): string {
  const address = `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
  clients.push(address);
  return address;
}

async function reserve(recipient: string, client: string, fn = 'send-quiz-results') {
  const { data, error } = await serviceClient()
    .rpc('reserve_mail_send', { function_name: fn, recipient, client })
    .single<{ allowed: boolean; reason: string | null; retry_after_seconds: number | null }>();
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return data;
}

describe('form rows per email address', () => {
  it(`stores at most ${ROWS_PER_EMAIL_PER_HOUR} of 60 parallel intro-call requests for one address`, async () => {
    const email = uniqueEmail('flood');
    const results = await Promise.all(
      Array.from({ length: 60 }, () => anonClient().from('waitlist').insert(leadFactory({ email }))),
    );
    const refused = results.filter((r) => r.error);
    expect(refused.length).toBe(60 - ROWS_PER_EMAIL_PER_HOUR);
    expect(refused[0].error).toMatchObject({
      code: 'P0001',
      message: 'Too many requests for this email address. Please try again later.',
    });
    expect(refused[0].status).toBe(400);
    const { rows } = await db.query(
      'select count(*)::int as n from public.waitlist where lower(email) = $1',
      [email.toLowerCase()],
    );
    expect(rows[0].n).toBe(ROWS_PER_EMAIL_PER_HOUR);
  });

  it('makes a second request for an address wait for the first, so both cannot take the last place', async () => {
    const email = uniqueEmail('race');
    for (let i = 1; i < ROWS_PER_EMAIL_PER_HOUR; i++) {
      await insertRow(db, 'waitlist', leadFactory({ email }));
    }
    // Two visitors' requests in flight at once, each in its own transaction, as the API runs them.
    const visitor = async () => {
      const conn = new pg.Client({ connectionString: stackEnv.dbUrl });
      conn.on('error', () => {});
      await conn.connect();
      await conn.query('begin');
      await conn.query('set local role anon');
      await conn.query(`select set_config('request.jwt.claims', '{"role":"anon"}', true)`);
      return conn;
    };
    const first = await visitor();
    const second = await visitor();
    try {
      await insertRow(first, 'waitlist', leadFactory({ email })); // the 10th: allowed, not committed yet
      const secondPid = (await second.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
      let settled = false;
      const secondInsert = insertRow(second, 'waitlist', leadFactory({ email })).then(
        () => 'inserted',
        (error: { code?: string }) => `refused ${error.code}`,
      );
      void secondInsert.finally(() => {
        settled = true;
      });
      // Either the second insert finishes on its own (it did not wait) or it is seen waiting for a lock.
      const waiting = async () => {
        while (!settled) {
          const { rows } = await db.query(
            `select 1 from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'`,
            [secondPid],
          );
          if (rows.length) return 'waiting';
        }
        return 'not waiting';
      };
      expect(await Promise.race([secondInsert, waiting()])).toBe('waiting');
      await first.query('commit');
      expect(await secondInsert).toBe('refused P0001');
    } finally {
      await first.end();
      await second.end();
    }
    const { rows } = await db.query(
      'select count(*)::int as n from public.waitlist where lower(email) = $1',
      [email.toLowerCase()],
    );
    expect(rows[0].n).toBe(ROWS_PER_EMAIL_PER_HOUR);
  });

  it('counts an address in any letter case and with surrounding spaces', async () => {
    const email = uniqueEmail('cases');
    for (let i = 0; i < ROWS_PER_EMAIL_PER_HOUR; i++) {
      const { error } = await anonClient()
        .from('waitlist')
        .insert(leadFactory({ email: i % 2 ? email.toUpperCase() : ` ${email} ` }));
      expect(error).toBeNull();
    }
    const { error } = await anonClient().from('contact_messages').insert({
      name: 'Flo',
      email,
      topic: 'general',
      message: 'A different form has its own count.',
    });
    expect(error).toBeNull();
    const over = await anonClient()
      .from('waitlist')
      .insert(leadFactory({ email: email.toUpperCase() }));
    expect(over.error?.code).toBe('P0001');
  });
});

describe('sending caps (rpc reserve_mail_send)', () => {
  it('is for the functions alone: visitors and signed-in users may not call it (42501)', async () => {
    const anon = await anonClient().rpc('reserve_mail_send', {
      function_name: 'send-quiz-results',
      recipient: uniqueEmail(),
      client: newClient(),
    });
    expect(anon.error?.code).toBe('42501');
    const result = await asActor(db, 'parent', randomUUID(), (d) =>
      d.query(`select * from public.reserve_mail_send('send-quiz-results', 'a@example.com', '192.0.2.1')`),
    );
    expect(result.ok ? 'ok' : result.error.code).toBe('42501');
  });

  it(`allows ${MAILS_PER_RECIPIENT_PER_HOUR} emails an hour to one address, in any letter case, from any client`, async () => {
    const recipient = uniqueEmail('stranger');
    for (let i = 0; i < MAILS_PER_RECIPIENT_PER_HOUR; i++) {
      expect(await reserve(i % 2 ? recipient.toUpperCase() : recipient, newClient())).toMatchObject({
        allowed: true,
      });
    }
    const over = await reserve(recipient, newClient(), 'send-newsletter-confirmation');
    expect(over).toMatchObject({
      allowed: false,
      reason: 'Too many emails to this address. Please try again later.',
    });
    expect(over.retry_after_seconds).toBeGreaterThan(3500);
    expect(over.retry_after_seconds).toBeLessThanOrEqual(3600);
    const { rows } = await db.query(
      'select count(*)::int as n from private.mail_send_attempts where recipient = $1',
      [recipient.toLowerCase()],
    );
    expect(rows[0].n).toBe(MAILS_PER_RECIPIENT_PER_HOUR); // a refusal records nothing
  });

  it(`allows ${MAILS_PER_RECIPIENT_PER_DAY} emails a day to one address`, async () => {
    const recipient = uniqueEmail('daily');
    const client = newClient();
    for (let hoursAgo = 2; hoursAgo < 2 + MAILS_PER_RECIPIENT_PER_DAY; hoursAgo++) {
      await db.query(
        `insert into private.mail_send_attempts (function_name, recipient, client, created_at)
         values ('send-quiz-results', $1, $2, now() - make_interval(hours => $3))`,
        [recipient, client, hoursAgo],
      );
    }
    expect(await reserve(recipient, newClient())).toMatchObject({
      allowed: false,
      reason: 'Too many emails to this address today. Please try again tomorrow.',
    });
  });

  it(`allows ${NEW_RECIPIENTS_PER_CLIENT_PER_HOUR} different recipients an hour from one client`, async () => {
    const client = newClient();
    const reached: string[] = [];
    for (let i = 0; i < NEW_RECIPIENTS_PER_CLIENT_PER_HOUR; i++) {
      const recipient = uniqueEmail('bulk');
      reached.push(recipient);
      expect((await reserve(recipient, client)).allowed).toBe(true);
    }
    const over = await reserve(uniqueEmail('bulk'), client, 'send-newsletter-confirmation');
    expect(over).toMatchObject({
      allowed: false,
      reason: 'Too many emails requested from this device. Please try again later.',
    });
    expect(over.retry_after_seconds).toBeGreaterThan(3500);
    // Someone this client already mailed this hour (the quiz, then the newsletter) is no new recipient.
    expect((await reserve(reached[0].toUpperCase(), client, 'send-newsletter-confirmation')).allowed).toBe(
      true,
    );
    // Another client is not held back by this one.
    expect((await reserve(uniqueEmail('bulk'), newClient())).allowed).toBe(true);
  });

  it(`allows ${SENDS_PER_CLIENT_PER_HOUR} sends an hour from one client, however few the recipients`, async () => {
    const client = newClient();
    const recipients = Array.from({ length: NEW_RECIPIENTS_PER_CLIENT_PER_HOUR }, () => uniqueEmail('few'));
    for (let i = 0; i < SENDS_PER_CLIENT_PER_HOUR; i++) {
      expect((await reserve(recipients[i % recipients.length], client)).allowed).toBe(true);
    }
    expect(await reserve(recipients[0], client)).toMatchObject({
      allowed: false,
      reason: 'Too many emails requested from this device. Please try again later.',
    });
  });

  it('holds under concurrency: 25 parallel sends to one address, 5 allowed', async () => {
    const recipient = uniqueEmail('parallel');
    const results = await Promise.all(Array.from({ length: 25 }, () => reserve(recipient, newClient())));
    expect(results.filter((r) => r.allowed)).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
  });

  it('answers 400 for a recipient that is not an address', async () => {
    const { error, status } = await serviceClient().rpc('reserve_mail_send', {
      function_name: 'send-quiz-results',
      recipient: 'nobody',
      client: newClient(),
    });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22023', message: 'recipient must be an email address' });
  });
});
