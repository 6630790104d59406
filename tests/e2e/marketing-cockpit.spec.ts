import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { adminDb } from '../support/stack.ts';

/**
 * The marketing team's cockpit on /admin/report (issue 37, decision 232): the admin imports the two
 * platforms' own exports (Google Ads' campaign report, Meta's Ads Manager export) and the cockpit
 * sets the spend against the leads, enrolled families and revenue each campaign brought, checked
 * against the database; the same file again changes nothing; a bad file is reported by line with
 * nothing applied; at 1280 and at 390 px. A coach sees none of it.
 */

const FIXTURES = path.resolve('src/features/ad-spend/__tests__/fixtures');
/** Priya's family (seeded): brought by focus_search through /coaching-v2, enrolled. */
const PRIYA = 'a0000000-0000-4000-8000-000000000005';
const DAY = 86_400_000;
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

// The report's days are the browser's: UTC here, as the database's days are compared in UTC below.
test.use({ signedInAs: 'admin', timezoneId: 'UTC' });
// Imports and a page of several tables checked by axe: more than the default 30 s on a loaded machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** An example export with its 14 days (2025-03-03 to 03-16) moved to the 14 days before today. */
function recentExport(file: string): { name: string; mimeType: string; buffer: Buffer } {
  const first = Date.UTC(2025, 2, 3);
  const start =
    Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - 14 * DAY;
  const text = fs
    .readFileSync(path.join(FIXTURES, file), 'utf8')
    .replace(/2025-03-(\d{2})/g, (day) =>
      new Date(start + (Date.parse(`${day}T00:00:00Z`) - first)).toISOString().slice(0, 10),
    );
  return { name: file, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') };
}

/** What the database holds of ad spend: how many rows, and when one last changed. */
async function storedSpend() {
  const db = await adminDb();
  try {
    const { rows } = await db.query<{ n: number; changed: string | null }>(
      `select count(*)::int as n, max(updated_at)::text as changed from public.ad_spend`,
    );
    return rows[0]!;
  } finally {
    await db.end();
  }
}

/**
 * focus_search over the report's default range (the last 30 days, UTC), from the raw tables: its
 * spend, its enrolled families (leads sent from a landing variant in the range, enrolled now), and
 * what those families paid.
 */
async function focusSearchFromTheDatabase() {
  const db = await adminDb();
  try {
    const { rows } = await db.query<{ spend: string; enrolled: number; revenue: string }>(
      `with range as (select (now() at time zone 'UTC')::date - 29 as first_day, (now() at time zone 'UTC')::date as last_day)
       select
         (select coalesce(sum(s.amount_minor), 0) from public.ad_spend s, range r
           where s.campaign = 'focus_search' and s.day between r.first_day and r.last_day)::text as spend,
         (select count(*)::int from public.leads l, range r
           where l.utm_campaign = 'focus_search' and l.status = 'enrolled'
             and l.landing_variant in (select v.path from private.landing_variant_paths() v)
             and l.created_at >= r.first_day::timestamp at time zone 'UTC') as enrolled,
         (select coalesce(sum(i.amount_paid), 0) from public.invoices i
           where i.status = 'paid' and i.parent_id in (
             select l.enrolled_parent_id from public.leads l, range r
              where l.utm_campaign = 'focus_search' and l.status = 'enrolled'
                and l.created_at >= r.first_day::timestamp at time zone 'UTC'))::text as revenue`,
    );
    return { spend: Number(rows[0]!.spend), enrolled: rows[0]!.enrolled, revenue: Number(rows[0]!.revenue) };
  } finally {
    await db.end();
  }
}

async function importFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel('Spend file').setInputFiles(file);
}

const invoice = `in_e2e_cockpit_${Math.random().toString(36).slice(2, 10)}`;

test.beforeAll(async () => {
  // What Priya's family paid: the cockpit's revenue for focus_search.
  const db = await adminDb();
  try {
    await db.query(
      `insert into public.invoices (id, parent_id, status, currency, amount_due, amount_paid, stripe_created, last_event_at)
       values ($1, $2, 'paid', 'usd', 45000, 45000, now() - interval '10 days', now())`,
      [invoice, PRIYA],
    );
  } finally {
    await db.end();
  }
});

test.afterAll(async () => {
  const db = await adminDb();
  try {
    await db.query('delete from public.invoices where id = $1', [invoice]);
  } finally {
    await db.end();
  }
});

test('the admin imports both platforms’ exports, reloads, and the cockpit agrees with the database; the same file again changes nothing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/report');
  await expect(page.getByRole('heading', { level: 2, name: 'Ad spend' })).toBeVisible();

  const google = recentExport('google-ads-campaign-report.csv');
  await importFile(page, google);
  await expect(page.getByRole('status').filter({ hasText: 'Google Ads:' })).toContainText(
    'Google Ads: 42 days of spend for 3 campaigns',
  );
  await page.getByRole('button', { name: 'Import the spend' }).click();
  await expect(page.getByText('Spend imported', { exact: true })).toBeVisible();
  await expect(page.getByText(/\d+ new, \d+ changed, 0 already as the file says\./).first()).toBeVisible();

  await importFile(page, recentExport('meta-ads-manager-export.csv'));
  await expect(page.getByRole('status').filter({ hasText: 'Meta:' })).toContainText(
    'Meta: 28 days of spend for 2 campaigns',
  );
  await page.getByRole('button', { name: 'Import the spend' }).click();
  await expect(page.getByText(/\d+ new, \d+ changed, 0 already as the file says\./).first()).toBeVisible();

  // Kept: after a reload the cockpit shows what the database holds.
  await page.reload();
  const campaigns = page.getByRole('table', {
    name: 'Spend, leads, intro calls, enrolments, costs and revenue per campaign',
  });
  const focus = campaigns.getByRole('row', { name: /^focus_search / });
  const expected = await focusSearchFromTheDatabase();
  expect(expected.enrolled).toBeGreaterThan(0);
  // Spend, leads, intro calls, enrolled, cost per lead, per call, per enrolled family, first month, to date.
  const cells = focus.getByRole('cell');
  await expect(cells.nth(0)).toHaveText(usd.format(expected.spend / 100));
  await expect(cells.nth(3)).toHaveText(String(expected.enrolled));
  await expect(cells.nth(6)).toHaveText(usd.format(Math.round(expected.spend / expected.enrolled) / 100));
  await expect(cells.nth(8)).toHaveText(usd.format(expected.revenue / 100));
  expect(expected.revenue).toBe(45000);
  for (const campaign of [
    'calm_kids_search',
    'focus_parents_display',
    'spring_calm_homes',
    'exam_stress_meta',
  ]) {
    await expect(campaigns.getByRole('row', { name: new RegExp(`^${campaign} `) })).toBeVisible();
  }

  // The same file again: nothing changes, in the answer and in the database.
  const before = await storedSpend();
  await importFile(page, google);
  await page.getByRole('button', { name: 'Import the spend' }).click();
  await expect(page.getByText('0 new, 0 changed, 42 already as the file says.').first()).toBeVisible();
  expect(await storedSpend()).toEqual(before);

  // The CSV holds what the screen shows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the cockpit as CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^ploom-cockpit-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const line = csv.split('\r\n').find((l) => l.startsWith('campaign,focus_search,'));
  expect(line?.split(',')).toEqual(
    expect.arrayContaining([
      (expected.spend / 100).toFixed(2),
      (Math.round(expected.spend / expected.enrolled) / 100).toFixed(2),
      (expected.revenue / 100).toFixed(2),
    ]),
  );

  // The chart, with its table; the variants' comparison says when there is not enough data.
  await expect(
    page.getByRole('img', { name: /Cost per enrolled family per campaign, week by week/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: /Cost per enrolled family per campaign, week by week/ }),
  ).toBeVisible();
  const confidence = page.getByRole('table', {
    name: 'Each landing variant against the best one: the chance it truly converts visitors better',
  });
  await expect(confidence.getByText(/not enough data yet/i).first()).toBeVisible();
  await expect(page.getByText(/Bayesian comparison of the two rates/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a bad file is reported by line and nothing of it is applied', async ({ page }) => {
  await page.goto('/admin/report');
  const before = await storedSpend();
  await importFile(page, recentExport('google-ads-bad-rows.csv'));
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'Nothing was imported from google-ads-bad-rows.csv' });
  await expect(alert).toBeVisible();
  for (const line of [5, 7, 8, 9, 10, 11, 12, 14, 15, 16]) {
    await expect(alert.getByText(new RegExp(`^Line ${line}: `))).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Import the spend' })).toHaveCount(0);
  expect(await storedSpend()).toEqual(before);
});

test('at 390 px the cockpit stays within the screen, its tables scroll, and an import works', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/report');
  await importFile(page, recentExport('meta-ads-manager-export.csv'));
  await page.getByRole('button', { name: 'Import the spend' }).click();
  await expect(page.getByText('0 new, 0 changed, 28 already as the file says.').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cockpit per campaign' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
});

test.describe('as the demo coach', () => {
  test.use({ signedInAs: 'coach' });

  test('the cockpit and the spend are not there for a coach', async ({ page }) => {
    await page.goto('/admin/report');
    await expect(page.getByRole('heading', { name: "This area isn't for your account" })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ad spend' })).toHaveCount(0);
  });
});
