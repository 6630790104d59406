import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import type pg from 'pg';
import { waitForEmail } from '../support/inbox.ts';
import { givePlan } from '../support/plans.ts';
import { adminDb } from '../support/stack.ts';

/**
 * A family's weekly update and monthly progress report, as the coach and the parent make and read
 * them (docs/decisions 224 and 226): the demo coach sees both due on the overview, shares the week's
 * update from the family's page, writes the report beside the month's facts, saves a draft (kept on
 * reload) and publishes; the parent finds the report on the child's page, reads and can print it,
 * and is emailed that it is ready.
 */

const JORDAN = 'c0000000-0000-4000-8000-000000000001';
let db: pg.Client;
test.beforeAll(async () => {
  db = await adminDb();
});
test.afterAll(async () => {
  await db.end();
});

test('the coach shares the weekly update, writes and publishes a monthly report; the parent reads it and is emailed', async ({
  page,
  pageAs,
  newParent,
  logIn,
}) => {
  test.slow();
  const parent = await newParent({ firstName: 'Ines', lastName: 'Report' });
  const childName = `Wren${Date.now().toString(36).slice(-3)}`;
  await db.query(`update public.profiles set time_zone = 'UTC' where id = $1`, [parent.userId]);
  const child = (
    await db.query<{ id: string }>(
      `insert into public.children (parent_id, coach_id, first_name, age_band) values ($1, $2, $3, '9') returning id`,
      [parent.userId, JORDAN, childName],
    )
  ).rows[0]!.id;
  // On Focused Progress since two months ago, with two sessions attended last month.
  const plan = await givePlan(db, parent.userId, 'focused-progress');
  await db.query(
    `update public.subscriptions set stripe_created = now() - interval '70 days' where id = $1`,
    [plan],
  );
  // (at a minute of its own: an earlier try of this test keeps its sessions with the same coach)
  const minute = 35 * Math.floor(Math.random() * 36);
  await db.query(
    `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at, status)
     select $1, $2, $3, date_trunc('month', now()) - interval '1 month' + make_interval(days => d, mins => $4), 'completed'
     from unnest(array[5, 12]) d`,
    [child, JORDAN, parent.userId, minute],
  );

  // The coach: the week's update is due too; shared from the family's page, it is due no more.
  const coach = await pageAs('coach');
  await coach.goto('/admin');
  const updates = coach.getByRole('list', { name: 'Weekly updates due' });
  await updates.getByRole('link', { name: `Write ${childName}'s update` }).click();
  await coach.waitForURL(`**/admin/families/${parent.userId}#family-progress-${child}`);
  const update = coach.getByRole('form', { name: `This week's update for ${childName}'s family` });
  await update.getByLabel('Update').fill('We practised naming feelings; try it at dinner.');
  await update.getByRole('button', { name: 'Share with the family' }).click();
  await expect(coach.getByText('Update shared', { exact: true })).toBeVisible();
  await coach.goto('/admin');
  await expect(coach.getByRole('heading', { name: /^Weekly updates due/ })).toBeVisible();
  await expect(updates.getByRole('link', { name: `Write ${childName}'s update` })).toHaveCount(0);

  // The report: due on the overview, written beside the facts.
  const due = coach
    .getByRole('list', { name: 'Progress reports due' })
    .getByRole('listitem')
    .filter({ hasText: childName });
  await expect(due).toContainText(/due|overdue since/);
  await due.getByRole('button', { name: `Write ${childName}'s report` }).click();
  await coach.waitForURL(/\/admin\/progress-reports\//);
  await expect(coach.getByRole('region', { name: 'Sessions' })).toContainText(
    '2 attended · 0 missed · 0 cancelled',
  );
  const form = coach.getByRole('form', { name: new RegExp(`^${childName}'s report for `) });
  await form.getByLabel('Summary').fill(`${childName} came to both sessions and tried the balloon breaths.`);
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(coach.getByText('Draft saved', { exact: true })).toBeVisible();
  await coach.reload();
  await expect(form.getByLabel('Summary')).toHaveValue(
    `${childName} came to both sessions and tried the balloon breaths.`,
  );
  // publishing needs the next steps too: said, and nothing is lost
  await form.getByRole('button', { name: 'Publish to the family' }).click();
  await expect(form.getByRole('alert')).toHaveText('Write the summary and the next steps before publishing.');
  await form.getByLabel('Next steps').fill('Keep the bedtime plan on the fridge.');
  await expectNoAxeViolations(coach);
  await form.getByRole('button', { name: 'Publish to the family' }).click();
  await expect(coach.getByText('Report published', { exact: true })).toBeVisible();
  await coach.reload();
  await expect(
    coach.getByRole('heading', { name: new RegExp(`^${childName}'s progress report · `) }),
  ).toBeVisible();
  await expect(coach.getByRole('form')).toHaveCount(0);

  // The family: emailed, then reads it from the child's page.
  const mail = await waitForEmail(
    parent.email,
    new RegExp(`^${childName}'s progress report is ready$`),
    20_000,
  );
  expect(mail.text).not.toContain('balloon breaths');
  await logIn(parent.email, parent.password);
  await page.waitForURL(/\/app/);
  await page.goto(`/app/child-schedule/${child}`);
  const list = page.getByRole('list', { name: `${childName}'s progress reports` });
  await list.getByRole('link').first().click();
  await page.waitForURL(/\/app\/reports\//);
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('tried the balloon breaths');
  await expect(page.getByRole('region', { name: 'Next steps' })).toContainText('Keep the bedtime plan');
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // printed, the site's header and the button give way to the report
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
});
