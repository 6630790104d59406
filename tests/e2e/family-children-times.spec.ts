import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import type pg from 'pg';
import { adminDb } from '../support/stack.ts';

/**
 * "Children & times" for a family that is being coached (the demo parent: Mia with Jordan Ellis):
 * its children, their coach and their times, editable, not onboarding's "Getting started".
 */

const LEO = 'd0000000-0000-4000-8000-000000000002';

test.use({ signedInAs: 'parent' });

let db: pg.Client;
let leoTimes: { weekday: number; day_part: string }[] = [];

test.beforeAll(async () => {
  db = await adminDb();
  ({ rows: leoTimes } = await db.query(
    'select weekday, day_part from public.preferred_session_times where child_id = $1',
    [LEO],
  ));
});

test.afterAll(async () => {
  // Leo's times as the seed had them, for the other specs.
  await db.query('delete from public.preferred_session_times where child_id = $1', [LEO]);
  for (const time of leoTimes) {
    await db.query(
      'insert into public.preferred_session_times (child_id, weekday, day_part) values ($1, $2, $3)',
      [LEO, time.weekday, time.day_part],
    );
  }
  await db.end();
});

test('a family being coached sees its children, coaches and times, and changes a time that is kept', async ({
  page,
}) => {
  await page.goto('/app');
  await page.getByRole('navigation').getByRole('link', { name: 'Children & times' }).first().click();
  await page.waitForURL('**/app/onboarding');
  await expect(page.getByRole('heading', { level: 1, name: 'Children & times' })).toBeVisible();
  await expect(page.getByText('Getting started')).toHaveCount(0);
  await expect(page.getByText(/We'll match/)).toHaveCount(0);

  const leo = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Leo/ }) });
  const mia = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Mia/ }) });
  await expect(mia.getByRole('definition').first()).toHaveText('Jordan Ellis');
  await expect(leo).toContainText('Friday after school');
  await expect(leo).toContainText('Given');
  await expectNoAxeViolations(page);

  await leo.getByRole('button', { name: "Change Leo's preferred times" }).click();
  const form = page.getByRole('form', { name: 'Preferred times for Leo' });
  await form.getByLabel('Wednesday evening').check();
  await form.getByRole('button', { name: 'Save times' }).click();
  await expect(page.getByText("Leo's preferred times are saved.", { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Children & times' })).toBeVisible();
  await expect(leo).toContainText('Wednesday evening, Friday after school');
});
