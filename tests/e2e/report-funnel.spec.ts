import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { adminDb, uniqueEmail } from '../support/stack.ts';

/**
 * The landing report's funnel (issue 23): a visitor lands on a variant from a campaign of its own,
 * sends the intro-call form, books a call two hours later; the admin's report shows visitor → lead →
 * call booked for that variant and campaign, with the time to the call, at 1280 and at 390 px.
 */

test.use({ signedInAs: 'admin' });
// A page of several tables checked by axe at two widths: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

async function arrangeFunnel() {
  const campaign = `funnel_${Math.random().toString(36).slice(2, 10)}`;
  const session = `e2e_${campaign}`;
  const landing = `/coaching-home?utm_campaign=${campaign}`;
  const db = await adminDb();
  try {
    await db.query(
      `insert into public.web_analytics (session_id, event_type, page_path, created_at)
       values ($1, 'page_view', $2, now() - interval '3 hours')`,
      [session, landing],
    );
    await db.query(
      `insert into public.waitlist (name, email, consent, source, landing_path, analytics_session_id, created_at)
       values ('Funnel Parent', $1, true, 'fit-call', $2, $3, now() - interval '3 hours' + interval '2 minutes')`,
      [uniqueEmail('e2e-funnel'), landing, session],
    );
    await db.query(
      `insert into public.intro_calls (lead_id, starts_at, created_at)
       select l.id, now() + interval '2 days', l.created_at + interval '2 hours'
       from public.leads l where l.utm_campaign = $1`,
      [campaign],
    );
  } finally {
    await db.end();
  }
  return campaign;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the report's funnel shows the booked intro call per variant and campaign at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const campaign = await arrangeFunnel();
    await page.goto('/admin/report');
    await expect(page.getByRole('heading', { level: 1, name: 'Landing report' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'From visitor to enrolled family' }),
    ).toBeVisible();
    const funnel = page.getByRole('table', {
      name: 'Funnel per landing variant and campaign: visitors, leads, intro calls booked and enrolments',
    });
    const row = funnel.getByRole('row', { name: new RegExp(`/coaching-home ${campaign}`) });
    // Campaign, visitors, leads, lead rate, calls booked, booked per lead, enrolled, enrolled per lead, time.
    await expect(row.getByRole('cell')).toHaveText([
      campaign,
      '1',
      '1',
      '100%',
      '1',
      '100%',
      '0',
      '0%',
      '2 hours',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await expectNoAxeViolations(page);
  });
}

test('the overview counts intro calls booked per landing variant, with the median time to the call', async ({
  page,
}) => {
  await arrangeFunnel();
  await page.goto('/admin');
  const table = page.getByRole('table', {
    name: 'Visitors, leads, conversion rate and intro calls booked per landing variant, last 7 days',
  });
  const row = table.getByRole('row', { name: /^\/coaching-home/ });
  // Landing variant (row header); visitors, leads, conversion, intro calls booked, median time.
  const cells = row.getByRole('cell');
  await expect(cells).toHaveCount(5);
  expect(Number(await cells.nth(3).textContent())).toBeGreaterThanOrEqual(1);
  await expect(cells.nth(4)).toHaveText(/^(under 1 minute|\d+(\.\d)? (minute|hour|day)s?)$/);
  await expectNoAxeViolations(page);
});
