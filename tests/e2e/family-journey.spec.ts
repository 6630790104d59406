import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import type pg from 'pg';
import { waitForEmail } from '../support/inbox.ts';
import { givePlan } from '../support/plans.ts';
import { adminDb } from '../support/stack.ts';

/**
 * A family's way from onboarding to its first session, never a dead end (docs/decisions 221, 222):
 * a child with no coach reads what happens next on their schedule, the plan first; once the family
 * has a plan, the team sees the child waiting, matches a coach on the family's page by the coaches'
 * open times in the family's preferred times and their caseload; the family is emailed the coach's
 * name with a link that opens the booking picker, and books.
 */

let db: pg.Client;
test.beforeAll(async () => {
  db = await adminDb();
});
test.afterAll(async () => {
  await db.end();
});

test('a waiting family is matched by the team, emailed, and books its first session', async ({
  page,
  pageAs,
  newParent,
  logIn,
}) => {
  test.slow();
  const parent = await newParent({ firstName: 'Noor', lastName: 'Journey' });
  await db.query(`update public.profiles set time_zone = 'America/Chicago' where id = $1`, [parent.userId]);
  const zed = (
    await db.query<{ id: string }>(
      `insert into public.children (parent_id, first_name, age_band) values ($1, 'Zed', '8') returning id`,
      [parent.userId],
    )
  ).rows[0]!.id;
  await db.query(
    `insert into public.preferred_session_times (child_id, weekday, day_part)
     select $1, d, 'afternoon' from generate_series(1, 5) d`,
    [zed],
  );
  await logIn(parent.email, parent.password);
  await page.waitForURL(/\/app/);

  // No plan, no coach: the plan first, then the match.
  await page.goto(`/app/child-schedule/${zed}`);
  const waiting = page.getByTestId('waiting-for-match');
  await expect(waiting).toContainText(
    'Once you choose a plan, we match Zed with a coach, usually within 2 days, and email you.',
  );
  await expect(waiting.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/app/billing');
  await expectNoAxeViolations(page);

  // On a plan: the match is the next step.
  await givePlan(db, parent.userId, 'focused-progress');
  await page.reload();
  await expect(waiting).toContainText(
    "We're matching Zed with a coach, usually within 2 days; we'll email you.",
  );
  await expect(waiting.getByRole('link', { name: 'Choose a plan' })).toHaveCount(0);

  // The team sees Zed waiting, and matches a coach on the family's page.
  const admin = await pageAs('admin');
  await admin.goto('/admin/families');
  const list = admin.getByRole('list', { name: 'Children waiting for a coach' });
  const entry = list.getByRole('listitem').filter({ hasText: "Zed (Noor Journey's family)" });
  await expect(entry).toContainText('waiting under an hour');
  await expect(entry).toContainText('Focused Progress · 5 preferred times');
  await entry.getByRole('link').click();
  await admin.waitForURL(`**/admin/families/${parent.userId}`);
  await admin.getByRole('button', { name: 'Match Zed with a coach' }).click();
  const choices = admin.getByRole('group', { name: 'Choose Zed’s coach' });
  const jordan = choices.getByRole('radio', { name: /^Jordan Ellis/ });
  await expect(jordan).toBeVisible();
  await expect(choices).toContainText(
    /Jordan Ellis\s*\d+ of \d+ open times? in the family’s preferred times/,
  );
  await expect(choices).toContainText(/Coaches \d+ (child|children) · America\/Chicago/);
  await expectNoAxeViolations(admin);
  await admin.setViewportSize({ width: 390, height: 844 });
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await jordan.check();
  await admin.getByRole('button', { name: 'Match Zed with Jordan Ellis' }).click();
  await expect(admin.getByText('Zed is matched with Jordan Ellis', { exact: true })).toBeVisible();
  await admin.reload();
  await expect(admin.getByRole('list', { name: 'Children' })).toContainText('Coach: Jordan Ellis');
  await expect(admin.getByRole('button', { name: "Change Zed's coach" })).toBeVisible();
  await admin.goto('/admin/families');
  await expect(
    admin.getByRole('list', { name: 'Children waiting for a coach' }).getByText(/Noor Journey/),
  ).toHaveCount(0);

  // The family's email names the coach, and its link opens the picker.
  const mail = await waitForEmail(parent.email, /^Meet Zed's coach, Jordan Ellis$/, 20_000);
  const link = /https?:\/\/\S+\/app\/child-schedule\/\S+\?book=1/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  const picker = page.getByRole('region', { name: 'Book a session for Zed' });
  await expect(picker).toBeVisible();
  await expect(picker.getByTestId('allowance')).toContainText(/^0 of 2 sessions booked for the week of /);
  // the first open time of the weeks shown
  const nextWeek = picker.getByRole('button', { name: 'Next week' });
  const slot = picker.getByRole('radio').first();
  for (let i = 0; i < 3 && !(await slot.isVisible()); i += 1) await nextWeek.click();
  const name = (await slot.getAttribute('aria-label'))!;
  await picker.getByRole('radio', { name, exact: true }).check();
  await picker.getByRole('button', { name: `Book ${name}` }).click();
  await expect(page.getByText('Session booked', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: name.replace(/, \d{4}/, '') })).toBeVisible();
  await expect(page.getByTestId('waiting-for-match')).toHaveCount(0);
});
