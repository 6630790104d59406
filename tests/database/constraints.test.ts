import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, uniqueEmail } from '../support/stack.ts';
import { asActor, insertRow, leadFactory } from './support.ts';

/**
 * What the public forms may write: a visitor (anon) inserts leads, subscribers and page events;
 * the database rejects what no honest form sends and keeps what the visitor must not set.
 */

let db: pg.Client;
beforeAll(async () => {
  db = await adminDb();
});
afterAll(async () => {
  await db?.end();
});

/** Inserts as a visitor; returns 'ok' or the Postgres error code. */
async function visitorInserts(table: string, row: Record<string, unknown>) {
  const result = await asActor(db, 'anon', undefined, async (d) => {
    await insertRow(d, table, row);
    return 'ok';
  });
  return result.ok ? result.value : result.error.code;
}

/** Inserts as a visitor, then reads the stored row back as the database owner (all rolled back). */
async function storedAfterVisitorInsert(table: string, row: Record<string, unknown>) {
  const id = crypto.randomUUID();
  const result = await asActor(db, 'anon', undefined, async (d) => {
    await insertRow(d, table, { id, ...row });
    await d.query('reset role');
    return (await d.query(`select * from public.${table} where id = $1`, [id])).rows[0];
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.value as Record<string, unknown>;
}

describe('waitlist (intro-call, v2 and waitlist forms)', () => {
  it('accepts what the intro-call form sends', async () => {
    expect(await visitorInserts('waitlist', leadFactory())).toBe('ok');
  });

  it('accepts what the v2 form sends (name, email, age_band, consent only)', async () => {
    const row = { name: 'Vera V', email: uniqueEmail('v2'), age_band: '8', consent: true };
    const stored = await storedAfterVisitorInsert('waitlist', row);
    expect(stored).toMatchObject({ ...row, source: 'waitlist', status: 'new', phone: null });
  });

  it.each([
    ['an email without @', { email: 'not-an-email' }],
    ['an email without a domain dot', { email: 'someone@localhost' }],
    ['an email longer than 254 characters', { email: `${'a'.repeat(250)}@example.com` }],
    ['a name longer than 100 characters', { name: 'N'.repeat(101) }],
    ['a blank name', { name: '   ' }],
    ['a child name longer than 100 characters', { child_name: 'C'.repeat(101) }],
    ['a child age longer than 20 characters', { age_band: '9'.repeat(21) }],
    ['a phone with letters', { phone: 'call me maybe' }],
    ['a challenge not offered by the form', { challenge: 'anxiety' }],
    ['consent not given', { consent: false }],
    ['an unknown source', { source: 'import' }],
  ])('rejects %s (23514)', async (_label, override) => {
    expect(await visitorInserts('waitlist', leadFactory(override))).toBe('23514');
  });

  it('rejects a lead without consent at all (23502)', async () => {
    const lead: Record<string, unknown> = leadFactory();
    delete lead.consent;
    expect(await visitorInserts('waitlist', lead)).toBe('23502');
  });

  it.each([
    ['status', 'enrolled'],
    ['notes', 'VIP'],
    ['notified_at', new Date().toISOString()],
    ['created_at', '2020-01-01T00:00:00Z'],
  ])('does not let a visitor set %s (42501)', async (column, value) => {
    expect(await visitorInserts('waitlist', leadFactory({ [column]: value }))).toBe('42501');
  });

  it('stores blank optional answers as null and trims the rest', async () => {
    const stored = await storedAfterVisitorInsert(
      'waitlist',
      leadFactory({ name: '  Jamie  ', email: ' jamie@example.com ', child_name: ' ', challenge: '' }),
    );
    expect(stored).toMatchObject({
      name: 'Jamie',
      email: 'jamie@example.com',
      child_name: null,
      challenge: null,
    });
  });

  it('answers 23505 when a retried submit sends the same id again, so no second lead is created', async () => {
    const id = crypto.randomUUID();
    const result = await asActor(db, 'anon', undefined, async (d) => {
      await insertRow(d, 'waitlist', leadFactory({ id }));
      await insertRow(d, 'waitlist', leadFactory({ id }));
    });
    expect(result.ok ? 'ok' : result.error.code).toBe('23505');
  });
});

describe('newsletter_subscribers', () => {
  it('answers 23505 for an address already subscribed in another letter case', async () => {
    const email = uniqueEmail('news');
    const result = await asActor(db, 'anon', undefined, async (d) => {
      await insertRow(d, 'newsletter_subscribers', { email, first_name: null });
      await insertRow(d, 'newsletter_subscribers', { email: email.toUpperCase(), first_name: 'Again' });
    });
    expect(result.ok ? 'ok' : result.error.code).toBe('23505');
  });

  it('stores a blank first name as null', async () => {
    const stored = await storedAfterVisitorInsert('newsletter_subscribers', {
      email: uniqueEmail('news'),
      first_name: '  ',
    });
    expect(stored.first_name).toBeNull();
  });

  it.each([
    ['a malformed email', { email: 'two@@example.com' }],
    ['a first name longer than 100 characters', { first_name: 'F'.repeat(101) }],
  ])('rejects %s (23514)', async (_label, override) => {
    expect(await visitorInserts('newsletter_subscribers', { email: uniqueEmail('news'), ...override })).toBe(
      '23514',
    );
  });

  it('does not let a visitor mark the welcome email as sent (42501)', async () => {
    expect(
      await visitorInserts('newsletter_subscribers', {
        email: uniqueEmail('news'),
        confirmation_sent_at: new Date().toISOString(),
      }),
    ).toBe('42501');
  });
});

describe('web_analytics', () => {
  const pageView = (override: Record<string, unknown> = {}) => ({
    session_id: 'session_1763000000000_x1y2z3',
    event_type: 'page_view',
    page_path: '/',
    device_type: 'desktop',
    metadata: { screen_width: 1440, screen_height: 900 },
    ...override,
  });

  /** Inserts as the database owner (as track-page-leave writes with the service role), rolled back. */
  async function ownerInserts(row: Record<string, unknown>) {
    await db.query('begin');
    try {
      await insertRow(db, 'web_analytics', row);
      return 'ok';
    } catch (error) {
      return (error as { code?: string }).code;
    } finally {
      await db.query('rollback');
    }
  }
  const pageLeave = (override: Record<string, unknown> = {}) => ({
    session_id: 'session_1763000000000_x1y2z3',
    event_type: 'page_leave',
    page_path: '/',
    duration_seconds: 42,
    device_type: 'desktop',
    ...override,
  });

  it('accepts a visitor’s page view; a page leave only through track-page-leave (42501 for a visitor)', async () => {
    expect(await visitorInserts('web_analytics', pageView())).toBe('ok');
    expect(await visitorInserts('web_analytics', pageLeave())).toBe('42501');
    expect(await visitorInserts('web_analytics', pageView({ duration_seconds: 42 }))).toBe('42501');
    expect(await ownerInserts(pageLeave())).toBe('ok');
  });

  it.each([
    ['an unknown device type', { device_type: 'watch' }],
    ['a page path that is not a path', { page_path: 'https://evil.example/' }],
    ['metadata that is not an object', { metadata: '[1, 2]' }],
    ['metadata over 2 KB', { metadata: { blob: 'x'.repeat(3000) } }],
    ['a session id over 100 characters', { session_id: 's'.repeat(101) }],
  ])('rejects %s (23514)', async (_label, override) => {
    expect(await visitorInserts('web_analytics', pageView(override))).toBe('23514');
  });

  it.each([
    ['an unknown event type', { event_type: 'click' }],
    ['a negative duration', { duration_seconds: -1 }],
    ['a duration over a day', { duration_seconds: 86401 }],
  ])('rejects %s from anyone, the functions included (23514)', async (_label, override) => {
    expect(await ownerInserts(pageLeave(override))).toBe('23514');
  });

  it('does not let a visitor set the derived columns (42501)', async () => {
    expect(await visitorInserts('web_analytics', pageView({ utm_campaign: 'forged' }))).toBe('42501');
  });
});

describe('audit_logs', () => {
  it('rejects an action outside the UPPER_SNAKE pattern (23514), even from the database owner', async () => {
    const { rows } = await db.query<{ id: string }>(`select id from auth.users limit 1`);
    const userId = rows[0].id;
    await db.query('begin');
    const error = await db
      .query(
        `insert into public.audit_logs (actor_user_id, action, entity_type) values ($1, 'user login', 'auth')`,
        [userId],
      )
      .then(() => undefined)
      .catch((e: { code?: string }) => e);
    await db.query('rollback');
    expect(error?.code).toBe('23514');
  });

  it('lets a user record only their own sign-in and sign-out (42501 for any other action)', async () => {
    const { rows } = await db.query<{ id: string }>(`select id from auth.users limit 1`);
    const userId = rows[0].id;
    const own = await asActor(db, 'parent', userId, (d) =>
      insertRow(d, 'audit_logs', {
        actor_user_id: userId,
        action: 'USER_LOGIN',
        entity_type: 'auth',
        entity_id: userId,
      }),
    );
    expect(own.ok).toBe(true);
    const other = await asActor(db, 'parent', userId, (d) =>
      insertRow(d, 'audit_logs', {
        actor_user_id: userId,
        action: 'QUIZ_RESULTS_EMAILED',
        entity_type: 'quiz_assessment',
        entity_id: userId,
      }),
    );
    expect(other.ok ? 'ok' : other.error.code).toBe('42501');
  });

  it('rejects an entry written in another user’s name (42501)', async () => {
    const { rows } = await db.query<{ id: string }>(`select id from auth.users order by created_at limit 2`);
    const result = await asActor(db, 'parent', rows[0].id, (d) =>
      insertRow(d, 'audit_logs', { actor_user_id: rows[1].id, action: 'USER_LOGIN', entity_type: 'auth' }),
    );
    expect(result.ok ? 'ok' : result.error.code).toBe('42501');
  });
});
