import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { adminDb, anonClient, signedInClient, uniqueEmail } from '../support/stack.ts';

/** /admin/report through supabase-js: the report and its daily series as rpc calls, admins only. */

interface VariantRow {
  path: string | null;
  utm_campaign: string | null;
  visitors: number;
  fit_calls: number;
}
interface DayRow {
  day: string;
  visitors: number;
}

async function adminClient() {
  const admin = await signedInClient({ firstName: 'Rita', lastName: 'Report' });
  const db = await adminDb();
  try {
    await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [admin.userId]);
  } finally {
    await db.end();
  }
  return admin;
}

describe('landing report over REST', () => {
  it('an admin reads the seeded fortnight per variant and per day; a bad range is a 400', async () => {
    // A visit of this test's own campaign: its page view and the intro-call request it ended in,
    // sent as the site sends them.
    const campaignName = `report_test_${randomUUID().slice(0, 8)}`;
    const sessionId = `session_${Date.now()}_${randomUUID().slice(0, 8)}`;
    const visitor = anonClient();
    const view = await visitor.from('web_analytics').insert({
      session_id: sessionId,
      event_type: 'page_view',
      page_path: `/coaching?utm_source=google&utm_medium=cpc&utm_campaign=${campaignName}`,
      referrer: null,
      user_agent: 'vitest',
      device_type: 'mobile',
      metadata: { screen_width: 390, screen_height: 844 },
    });
    expect(view.error).toBeNull();
    const lead = await visitor.from('waitlist').insert({
      id: randomUUID(),
      name: 'Rae Report',
      email: uniqueEmail('report'),
      phone: '555 010 9999',
      consent: true,
      source: 'fit-call',
      landing_path: `/coaching?utm_source=google&utm_medium=cpc&utm_campaign=${campaignName}`,
      analytics_session_id: sessionId,
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: campaignName,
    });
    expect(lead.error).toBeNull();

    const { client } = await adminClient();
    const until = new Date();
    const since = new Date(until.getTime() - 14 * 86_400_000);
    const report = await client.rpc('landing_report', {
      since: since.toISOString(),
      until: until.toISOString(),
    });
    expect(report.error).toBeNull();
    const rows = report.data as VariantRow[];
    const paths = new Set(rows.map((row) => row.path));
    for (const path of ['/', '/coaching', '/coaching-home', '/coaching-v2', '/pricing'])
      expect(paths).toContain(path);
    const campaign = rows.find((row) => row.path === '/coaching' && row.utm_campaign === campaignName);
    expect(campaign).toMatchObject({ visitors: 1, fit_calls: 1 });

    const daily = await client.rpc('landing_report_daily', {
      since: since.toISOString(),
      until: until.toISOString(),
      time_zone: 'Europe/London',
    });
    expect(daily.error).toBeNull();
    const days = daily.data as DayRow[];
    expect(days.length).toBeGreaterThanOrEqual(14);
    expect(days.reduce((sum, day) => sum + day.visitors, 0)).toBeGreaterThan(0);

    const bad = await client.rpc('landing_report', {
      since: until.toISOString(),
      until: since.toISOString(),
    });
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ code: '22023', message: 'The report range must end after it starts' });
  });

  it('a parent is refused (403)', async () => {
    const parent = await signedInClient();
    const refused = await parent.client.rpc('landing_report', {
      since: '2026-01-01T00:00:00Z',
      until: '2026-01-02T00:00:00Z',
    });
    expect(refused.error?.code).toBe('42501');
  });
});
