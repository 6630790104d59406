import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/stack.ts';
import { ACTORS, asActor, leadFactory } from './support.ts';
import { setUpWorld } from './world.ts';

/**
 * The landing report: visitors, page views, median time on page and conversions per variant and
 * campaign, attributed to where each converting session landed; the daily series; admins only.
 * The rows live in January 2031, a range no other data touches, inside a rolled-back transaction.
 */

const { db, world, runAs } = setUpWorld();

const SINCE = '2031-01-01T00:00:00Z';
const UNTIL = '2031-01-03T00:00:00Z';

/** Four visits and six conversions (see each line). */
async function arrange(d: pg.Client) {
  const event = (session: string, type: string, page: string, at: string, seconds: number | null = null) =>
    d.query(
      `insert into public.web_analytics (session_id, event_type, page_path, duration_seconds, created_at)
       values ($1, $2, $3, $4, $5)`,
      [session, type, page, seconds, at],
    );
  // A lands on /coaching from the campaign, then reads /pricing.
  await event('session_1_a', 'page_view', '/coaching?utm_campaign=camp', '2031-01-01T10:00:00Z');
  await event('session_1_a', 'page_leave', '/coaching?utm_campaign=camp', '2031-01-01T10:00:30Z', 30);
  await event('session_1_a', 'page_view', '/pricing', '2031-01-01T10:05:00Z');
  await event('session_1_a', 'page_leave', '/pricing', '2031-01-01T10:06:00Z', 60);
  // B lands on /coaching from the campaign.
  await event('session_1_b', 'page_view', '/coaching?utm_campaign=camp', '2031-01-01T11:00:00Z');
  await event('session_1_b', 'page_leave', '/coaching?utm_campaign=camp', '2031-01-01T11:01:30Z', 90);
  // C and D land on /coaching without a campaign (D reloads it).
  await event('session_1_c', 'page_view', '/coaching', '2031-01-02T09:00:00Z');
  await event('session_1_c', 'page_leave', '/coaching', '2031-01-02T09:00:10Z', 10);
  await event('session_1_d', 'page_view', '/coaching', '2031-01-02T09:30:00Z');
  await event('session_1_d', 'page_view', '/coaching', '2031-01-02T09:31:00Z');
  await event('session_1_d', 'page_leave', '/coaching', '2031-01-02T09:32:00Z', 50);

  // A completes the quiz and subscribes; B asks for an intro call; C sends a contact message.
  await d.query(
    `insert into public.quiz_assessments (answers, scores, recommended_plan, analytics_session_id, created_at)
     values ('{}', '{}', 'steady-growth', 'session_1_a', '2031-01-01T10:10:00Z')`,
  );
  await d.query(
    `insert into public.newsletter_subscribers (email, analytics_session_id, created_at)
     values ($1, 'session_1_a', '2031-01-01T10:11:00Z')`,
    [uniqueEmail('report')],
  );
  const lead = leadFactory();
  await d.query(
    `insert into public.waitlist (name, email, consent, source, analytics_session_id, created_at)
     values ($1, $2, true, 'fit-call', 'session_1_b', '2031-01-01T11:05:00Z')`,
    [lead.name, lead.email],
  );
  await d.query(
    `insert into public.contact_messages (name, email, topic, message, analytics_session_id, created_at)
     values ('Cam', $1, 'general', 'Hello there, a question.', 'session_1_c', '2031-01-02T09:05:00Z')`,
    [uniqueEmail('report')],
  );
  // Without analytics: a waitlist join sent from a campaign link, and a newsletter sign-up.
  await d.query(
    `insert into public.waitlist (name, email, consent, source, landing_path, created_at)
     values ('Wen', $1, true, 'waitlist', '/coaching-home?utm_campaign=x', '2031-01-02T12:00:00Z')`,
    [uniqueEmail('report')],
  );
  await d.query(
    `insert into public.newsletter_subscribers (email, created_at) values ($1, '2031-01-02T12:00:00Z')`,
    [uniqueEmail('report')],
  );
}

const row = (overrides: Record<string, unknown>) => ({
  visitors: '0',
  page_views: '0',
  median_seconds: null,
  quiz_completed: '0',
  fit_calls: '0',
  waitlist_joins: '0',
  newsletter_signups: '0',
  contact_requests: '0',
  conversions: '0',
  converted_visitors: '0',
  conversion_rate: null,
  ...overrides,
});

describe('landing_report', () => {
  it('per variant and campaign: visitors, views, median time, conversions by kind, rate', async () => {
    const result = await asActor(
      db,
      'admin',
      world.users.admin,
      async (d) => (await d.query('select * from public.landing_report($1, $2)', [SINCE, UNTIL])).rows,
      arrange,
    );
    expect(result).toEqual({
      ok: true,
      value: [
        row({
          path: '/coaching',
          utm_campaign: null,
          visitors: '2',
          page_views: '3',
          median_seconds: '30.0',
          contact_requests: '1',
          conversions: '1',
          converted_visitors: '1',
          conversion_rate: '0.5000',
        }),
        row({
          path: '/coaching',
          utm_campaign: 'camp',
          visitors: '2',
          page_views: '2',
          median_seconds: '60.0',
          quiz_completed: '1',
          fit_calls: '1',
          newsletter_signups: '1',
          conversions: '3',
          converted_visitors: '2',
          conversion_rate: '1.0000',
        }),
        row({
          path: '/pricing',
          utm_campaign: null,
          visitors: '1',
          page_views: '1',
          median_seconds: '60.0',
          conversion_rate: '0.0000',
        }),
        row({
          path: '/coaching-home',
          utm_campaign: 'x',
          waitlist_joins: '1',
          conversions: '1',
          converted_visitors: '1',
        }),
        row({
          path: null,
          utm_campaign: null,
          newsletter_signups: '1',
          conversions: '1',
          converted_visitors: '1',
        }),
      ],
    });
  });

  it('per day, in the viewer time zone, with empty days as zeros', async () => {
    const result = await asActor(
      db,
      'admin',
      world.users.admin,
      async (d) => {
        const utc = await d.query(
          `select day::text, visitors, page_views, conversions from public.landing_report_daily($1, $2)`,
          [SINCE, UNTIL],
        );
        const ny = await d.query(
          `select day::text from public.landing_report_daily($1, $2, 'America/New_York')`,
          [SINCE, UNTIL],
        );
        return { utc: utc.rows, ny: ny.rows.map((r) => r.day) };
      },
      arrange,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        utc: [
          { day: '2031-01-01', visitors: '2', page_views: '3', conversions: '3' },
          { day: '2031-01-02', visitors: '2', page_views: '3', conversions: '3' },
        ],
        ny: ['2030-12-31', '2031-01-01', '2031-01-02'],
      },
    });
  });

  it('refuses a range that ends before it starts, spans over a year, or an unknown time zone (22023)', async () => {
    for (const sql of [
      `select * from public.landing_report('2031-01-02', '2031-01-01')`,
      `select * from public.landing_report('2029-01-01', '2031-01-01')`,
      `select * from public.landing_report_daily('2031-01-01', '2031-01-02', 'Mars/Olympus')`,
    ]) {
      const result = await asActor(db, 'admin', world.users.admin, (d) => d.query(sql));
      expect(result, sql).toMatchObject({ ok: false, error: { code: '22023' } });
    }
  });

  it('only admins read the report (role matrix)', async () => {
    for (const actor of ACTORS) {
      for (const sql of [
        `select * from public.landing_report('${SINCE}', '${UNTIL}')`,
        `select * from public.landing_report_daily('${SINCE}', '${UNTIL}')`,
      ]) {
        const result = await runAs(actor, (d) => d.query(sql));
        if (actor === 'admin') expect(result.ok, sql).toBe(true);
        else expect(result, `${actor}: ${sql}`).toMatchObject({ ok: false, error: { code: '42501' } });
      }
    }
  });

  it('lists the landing variants only, and the team is not a visitor', async () => {
    const claims = (userId: string) => JSON.stringify({ sub: userId, role: 'authenticated' });
    const result = await asActor(
      db,
      'admin',
      world.users.admin,
      async (d) => {
        const report = await d.query('select * from public.landing_report($1, $2)', [SINCE, UNTIL]);
        const daily = await d.query(
          `select day::text, visitors, page_views, conversions from public.landing_report_daily($1, $2)`,
          [SINCE, UNTIL],
        );
        const recorded = await d.query(
          `select session_id from public.web_analytics
            where session_id like 'session_1_signed_in_%' and event_type = 'page_view'`,
        );
        return { report: report.rows, daily: daily.rows, recorded: recorded.rows.map((r) => r.session_id) };
      },
      async (d) => {
        await arrange(d);
        const event = (
          session: string,
          type: string,
          page: string,
          at: string,
          seconds: number | null = null,
        ) =>
          d.query(
            `insert into public.web_analytics (session_id, event_type, page_path, duration_seconds, created_at)
             values ($1, $2, $3, $4, $5)`,
            [session, type, page, seconds, at],
          );
        // Pages that are not landing variants: the admin area, the login, a content page.
        await event('session_1_e', 'page_view', '/login', '2031-01-01T12:00:00Z');
        await event('session_1_e', 'page_view', '/admin/waitlist', '2031-01-01T12:01:00Z');
        await event('session_1_f', 'page_view', '/faq', '2031-01-01T12:00:00Z');
        // A visitor who landed on /faq asks for an intro call: not a variant's conversion.
        const lead = leadFactory();
        await d.query(
          `insert into public.waitlist (name, email, consent, source, analytics_session_id, created_at)
           values ($1, $2, true, 'fit-call', 'session_1_f', '2031-01-01T12:05:00Z')`,
          [lead.name, lead.email],
        );
        // Signed-in staff browsing the landing page (as the site sends it, with their session):
        // not recorded, while a signed-in parent's view is. The staff's page leaves (sent without an
        // account, in the range) do not count either.
        for (const [userId, who] of [
          [world.users.admin, 'admin'],
          [world.users.coach, 'coach'],
          [world.users.parent, 'parent'],
        ] as const) {
          await d.query('set local role authenticated');
          await d.query(`select set_config('request.jwt.claims', $1, true)`, [claims(userId)]);
          await d.query(
            `insert into public.web_analytics (session_id, event_type, page_path)
             values ($1, 'page_view', '/coaching')`,
            [`session_1_signed_in_${who}`],
          );
          await d.query('reset role');
          await d.query(`select set_config('request.jwt.claims', '', true)`);
          if (who !== 'parent') {
            await event(`session_1_signed_in_${who}`, 'page_leave', '/coaching', '2031-01-01T13:10:00Z', 600);
          }
        }
      },
    );
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    const { report, daily, recorded } = result.value as {
      report: Record<string, unknown>[];
      daily: Record<string, unknown>[];
      recorded: string[];
    };
    expect(recorded).toEqual(['session_1_signed_in_parent']);
    // The same rows as without them, but for the /faq visitor's intro call on the row without a path.
    expect(report.map((r) => r.path)).toEqual(['/coaching', '/coaching', '/pricing', '/coaching-home', null]);
    expect(report[0]).toMatchObject({
      path: '/coaching',
      utm_campaign: null,
      visitors: '2',
      median_seconds: '30.0',
    });
    expect(report[4]).toMatchObject({
      path: null,
      fit_calls: '1',
      newsletter_signups: '1',
      conversions: '2',
    });
    expect(daily).toEqual([
      { day: '2031-01-01', visitors: '2', page_views: '3', conversions: '4' },
      { day: '2031-01-02', visitors: '2', page_views: '3', conversions: '3' },
    ]);
  });
});
