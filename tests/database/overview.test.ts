import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { variants } from '../../src/content/variants.ts';
import { ACTORS, asActor, leadFactory } from './support.ts';
import { setUpWorld } from './world.ts';

/**
 * The admin overview's SQL: conversions per landing variant list the variants (and only them),
 * and "overdue" follows the team's reply promise from the settings. Rows in February 2031, a range
 * no other data touches, inside rolled-back transactions.
 */

const { db, world, runAs } = setUpWorld();

const SINCE = '2031-02-01T00:00:00Z';
const UNTIL = '2031-02-08T00:00:00Z';
const variantPaths = Object.values(variants)
  .map((v) => v.path)
  .sort();

/** Visits to two variants and to pages that are not variants (/admin, /login), with conversions. */
async function arrange(d: pg.Client) {
  const view = (session: string, page: string, at: string) =>
    d.query(
      `insert into public.web_analytics (session_id, event_type, page_path, created_at)
       values ($1, 'page_view', $2, $3)`,
      [session, page, at],
    );
  await view('session_ov_a', '/coaching?utm_campaign=spring', '2031-02-02T10:00:00Z');
  await view('session_ov_b', '/coaching', '2031-02-02T11:00:00Z');
  await view('session_ov_c', '/pricing', '2031-02-03T09:00:00Z');
  await view('session_ov_d', '/admin', '2031-02-03T09:10:00Z');
  await view('session_ov_e', '/login', '2031-02-03T09:20:00Z');
  const lead = leadFactory();
  await d.query(
    `insert into public.waitlist (name, email, consent, source, analytics_session_id, created_at)
     values ($1, $2, true, 'fit-call', 'session_ov_a', '2031-02-02T10:05:00Z')`,
    [lead.name, lead.email],
  );
  await d.query(
    `insert into public.newsletter_subscribers (email, analytics_session_id, created_at)
     values ($1, 'session_ov_b', '2031-02-02T11:05:00Z')`,
    [leadFactory().email],
  );
}

describe('landing_variant_conversions', () => {
  it('lists every landing variant and nothing else: no /admin, no /login, variants without visits at 0', async () => {
    const result = await asActor(
      db,
      'admin',
      world.users.admin,
      async (d) =>
        (
          await d.query(
            `select path, visitors, leads, conversions, converted_visitors, conversion_rate
               from public.landing_variant_conversions($1, $2)`,
            [SINCE, UNTIL],
          )
        ).rows,
      arrange,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const rows = result.value as Record<string, unknown>[];
    expect(rows.map((r) => r.path).sort()).toEqual(variantPaths);
    expect(rows[0]).toEqual({
      path: '/coaching',
      visitors: '2',
      leads: '1',
      conversions: '2',
      converted_visitors: '2',
      conversion_rate: '1.0000',
    });
    expect(rows.find((r) => r.path === '/pricing')).toMatchObject({ visitors: '1', leads: '0' });
    expect(rows.find((r) => r.path === '/coaching-v2')).toMatchObject({
      visitors: '0',
      leads: '0',
      conversion_rate: null,
    });
  });

  it('is for admins only (role x action): every other role is refused', async () => {
    for (const actor of ACTORS.filter((a) => a !== 'admin')) {
      const result = await runAs(actor, (d) =>
        d.query('select * from public.landing_variant_conversions($1, $2)', [SINCE, UNTIL]),
      );
      expect(result, actor).toMatchObject({ ok: false, error: { code: '42501' } });
    }
  });

  it("names the same variants as the site's content (src/content/variants.ts)", async () => {
    const { rows } = await db.query<{ path: string }>('select path from private.landing_variant_paths()');
    expect(rows.map((r) => r.path).sort()).toEqual(variantPaths);
  });
});

describe('overdue leads follow the reply promise in the settings', () => {
  it('a new lead of 3 hours is overdue once the promise is 2 hours, not while it is 24', async () => {
    const overdue = (hours: number) =>
      asActor(
        db,
        'admin',
        world.users.admin,
        async (d) => {
          const { rows } = await d.query<{ overdue: boolean }>(
            `select overdue from public.lead_list where email = 'overdue.probe@example.com'`,
          );
          return rows.map((r) => r.overdue);
        },
        async (d) => {
          await d.query(`update public.app_settings set reply_within_hours = $1`, [hours]);
          await d.query(
            `insert into public.waitlist (name, email, consent, source, created_at)
             values ('Probe', 'overdue.probe@example.com', true, 'fit-call', now() - interval '3 hours')`,
          );
        },
      );
    expect(await overdue(24)).toEqual({ ok: true, value: [false] });
    expect(await overdue(2)).toEqual({ ok: true, value: [true] });
  });
});

describe('admin_overview: each figure counts what its label says', () => {
  /**
   * Leads assigned to the file's own coach, so the coach's figures hold these leads alone (a coach's
   * overview counts the leads assigned to them). "Today" starts an hour ago; the week 3 days ago;
   * the reply promise is 24 hours.
   */
  async function arrangeLeads(d: pg.Client) {
    await d.query(`update public.app_settings set reply_within_hours = 24`);
    const lead = async (age: string, status: string) => {
      const email = leadFactory().email;
      await d.query(
        `insert into public.waitlist (name, email, consent, source, created_at)
         values ('Probe', $1, true, 'fit-call', now() - $2::interval)`,
        [email, age],
      );
      await d.query(
        `update public.leads set assignee_id = $1, status = $2, created_at = now() - $3::interval
          where email = $4`,
        [world.users.coach, status, age, email],
      );
    };
    await lead('30 minutes', 'new'); // today, waiting, not yet overdue
    await lead('26 hours', 'new'); // before yesterday's start, this week, waiting and overdue
    await lead('2 days', 'contacted'); // this week, answered
    await lead('10 days', 'new'); // an earlier week, waiting and overdue
    await lead('12 days', 'closed'); // an earlier week, answered
  }

  it('counts leads received (any status), those waiting for a first reply (any age), and the overdue among them', async () => {
    const result = await asActor(
      db,
      'coach',
      world.users.coach,
      async (d) =>
        (
          await d.query(
            `select * from public.admin_overview(now() - interval '1 hour', now() - interval '3 days')`,
          )
        ).rows[0] as Record<string, string | null>,
      arrangeLeads,
    );
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      leads_since_yesterday: '1',
      overdue_since_yesterday: '0',
      leads_this_week: '3',
      overdue_this_week: '1',
      waiting_total: '3',
      overdue_total: '2',
      families_enrolled: null,
    });
  });
});
