import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../support/stack.ts';
import { asActor, insertRow, leadFactory, setRoles } from './support.ts';

/** The trigger that derives path and the UTM columns from page_path, for the variant report. */

let db: pg.Client;
beforeAll(async () => {
  db = await adminDb();
});
afterAll(async () => {
  await db?.end();
});

async function derived(pagePath: string) {
  const sessionId = `session_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const result = await asActor(db, 'anon', undefined, async (d) => {
    await insertRow(d, 'web_analytics', {
      session_id: sessionId,
      event_type: 'page_view',
      page_path: pagePath,
      device_type: 'mobile',
    });
    await d.query('reset role');
    const { rows } = await d.query(
      `select path, utm_source, utm_medium, utm_campaign, utm_term, utm_content
         from public.web_analytics where session_id = $1`,
      [sessionId],
    );
    return rows[0];
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

it('takes the path and every UTM parameter from the page path', async () => {
  expect(
    await derived(
      '/coaching?utm_source=facebook&utm_medium=paid&utm_campaign=spring_calm&utm_term=kids+focus&utm_content=video_a',
    ),
  ).toEqual({
    path: '/coaching',
    utm_source: 'facebook',
    utm_medium: 'paid',
    utm_campaign: 'spring_calm',
    utm_term: 'kids focus',
    utm_content: 'video_a',
  });
});

it('decodes percent-encoding, ignores other parameters and the fragment, and keeps the first value', async () => {
  expect(
    await derived('/coaching-v2?ref=x&UTM_CAMPAIGN=caf%C3%A9%20moms&utm_campaign=second&utm_source=#faq'),
  ).toMatchObject({ path: '/coaching-v2', utm_campaign: 'café moms', utm_source: null });
});

it('leaves the UTM columns empty for a plain path', async () => {
  expect(await derived('/pricing')).toEqual({
    path: '/pricing',
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
  });
});

it('keeps a malformed escape as typed rather than failing the page view', async () => {
  expect(await derived('/?utm_source=100%zz')).toMatchObject({ path: '/', utm_source: '100%zz' });
});

describe('landing_variant_report', () => {
  const campaign = `report_${Date.now().toString(36)}`;
  const adminId = crypto.randomUUID();
  const parentId = crypto.randomUUID();

  /** As the owner: an admin and a parent, two visits and one lead on /coaching from the campaign. */
  const arrange = async (d: pg.Client) => {
    for (const [id, role] of [
      [adminId, 'admin'],
      [parentId, 'parent'],
    ]) {
      await d.query(`insert into auth.users (id, email) values ($1, $2)`, [id, `${id}@example.com`]);
      await setRoles(d, id, [role]);
    }
    const path = `/coaching?utm_source=newsletter&utm_campaign=${campaign}`;
    for (const [session, event, duration] of [
      ['session_1_a', 'page_view', null],
      ['session_1_a', 'page_leave', 30],
      ['session_2_b', 'page_view', null],
      ['session_2_b', 'page_leave', 90],
    ] as const) {
      await insertRow(d, 'web_analytics', {
        session_id: session,
        event_type: event,
        page_path: path,
        duration_seconds: duration,
      });
    }
    await insertRow(d, 'waitlist', { ...leadFactory(), landing_path: path });
  };
  const report = (d: pg.Client) =>
    d
      .query(`select * from public.landing_variant_report() where utm_campaign = $1`, [campaign])
      .then((r) => r.rows);

  it('gives an admin views, visitors, time on page and leads per path and campaign', async () => {
    const result = await asActor(db, 'admin', adminId, report, arrange);
    expect(result).toEqual({
      ok: true,
      value: [
        {
          path: '/coaching',
          utm_campaign: campaign,
          views: '2',
          visitors: '2',
          avg_seconds: '60.0',
          leads: '1',
          conversion_rate: '0.5000',
        },
      ],
    });
  });

  it('attributes a lead to the campaign in its landing path', async () => {
    const result = await asActor(
      db,
      'admin',
      adminId,
      async (d) =>
        (
          await d.query(`select utm_source, utm_campaign from public.waitlist where utm_campaign = $1`, [
            campaign,
          ])
        ).rows,
      arrange,
    );
    expect(result).toEqual({ ok: true, value: [{ utm_source: 'newsletter', utm_campaign: campaign }] });
  });

  it('shows nothing to anyone else', async () => {
    expect(await asActor(db, 'parent', parentId, report, arrange)).toEqual({ ok: true, value: [] });
  });
});
