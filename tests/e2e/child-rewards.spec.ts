import { expect, expectNoAxeViolations, test, withoutLastViews } from './support/fixtures.ts';
import type pg from 'pg';
import { adminDb } from '../support/stack.ts';
import { holding } from './support/locks.ts';
import { storageStateOf } from './support/roles.ts';

/**
 * The child's area is a child's place: the demo parent sets a reward for Mia on the points screen;
 * Mia, signed in on a phone, sees her big greeting, her next session, her points and the new reward
 * with how close she is to it, in a frame without an adult's tabs or account words.
 */

const MIA = 'd0000000-0000-4000-8000-000000000001';
const title = `Zoo day ${Date.now().toString(36)}`;
let db: pg.Client;

test.beforeAll(async () => {
  db = await adminDb();
});

test.afterAll(async () => {
  await db.query('delete from public.family_rewards where child_id = $1 and title = $2', [MIA, title]);
  await db.end();
});

test('a reward the parent sets shows on Mia’s dashboard with how close her points are', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const parentContext = await withoutLastViews(
    await browser.newContext({ storageState: storageStateOf('parent') }),
  );
  const parent = await parentContext.newPage();
  await parent.goto('/app/ploom-points');
  const mia = parent.getByRole('region', { name: 'Mia' });
  const form = mia.getByRole('form', { name: 'Add a reward for Mia' });
  await form.getByLabel('Reward').fill(title);
  await form.getByLabel('Points').fill('999');
  await form.getByRole('button', { name: 'Add reward' }).click();
  await expect(mia.getByText(title)).toBeVisible();
  await parent.reload();
  await expect(parent.getByRole('region', { name: 'Mia' }).getByText(title)).toBeVisible();
  await parentContext.close();

  const childContext = await withoutLastViews(
    await browser.newContext({
      storageState: storageStateOf('child'),
      viewport: { width: 390, height: 844 },
    }),
  );
  const child = await childContext.newPage();
  // Mia's points stay put (no other test awards her any) from the page's read to the database's.
  await holding('mia_points', 'shared', async () => {
    await child.goto('/child/dashboard');
    await expect(child.getByRole('heading', { level: 1, name: 'Hi Mia!' })).toBeVisible();
    // A child's frame: no "Child · signed in as", no one-tab navigation.
    await expect(child.getByText(/signed in as/)).toHaveCount(0);
    await expect(child.getByRole('navigation')).toHaveCount(0);
    await expect(child.getByRole('region', { name: 'Your next session' })).toBeVisible();

    const { rows } = await db.query<{ total: number }>(
      'select coalesce(sum(points), 0)::int as total from public.ploom_points where child_id = $1',
      [MIA],
    );
    const have = Math.min(rows[0].total, 999);
    const rewards = child.getByRole('region', { name: 'Your rewards' });
    const bar = rewards.getByRole('progressbar', { name: title });
    await expect(bar).toHaveAttribute('aria-valuemax', '999');
    await expect(bar).toHaveAttribute('aria-valuenow', String(have));
    await expect(rewards).toContainText(`${have} of 999 points. ${999 - have} more points to go!`);
    // The seeded reward she may already have reached is there too.
    await expect(rewards.getByRole('progressbar', { name: 'Pick the Friday film' })).toBeVisible();
  });
  // Big type a 7-year-old reads: the greeting and the session's time are large.
  const size = async (locator: ReturnType<typeof child.getByRole>) =>
    Number.parseFloat(await locator.evaluate((el) => getComputedStyle(el).fontSize));
  expect(await size(child.getByRole('heading', { level: 1 }))).toBeGreaterThanOrEqual(36);
  expect(await child.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(child);
  await childContext.close();
});
