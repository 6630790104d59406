import type { Page } from '@playwright/test';
import type pg from 'pg';
import { questions } from '../../src/content/quiz.ts';
import { adminDb } from '../support/stack.ts';
import { expect, expectNoAxeViolations, test, type NewAccount } from './support/fixtures.ts';

/**
 * Progress between sessions, on the screens that make it (docs/decisions/190-192), each change
 * followed by a reload: the parent takes a check-in and retakes it, and the dashboard charts both;
 * the coach sets a practice goal in the family view, the parent ticks two days on the dashboard,
 * and the coach sees them. A family of the test's own, coached by the demo coach; axe at 1280 px
 * and at 390 px.
 */
test.use({ timezoneId: 'UTC' });

const DEMO_COACH = 'c0000000-0000-4000-8000-000000000001';
const stamp = Date.now().toString(36);

let db: pg.Client;
const parents: string[] = [];

test.beforeAll(async () => {
  db = await adminDb();
});
test.afterAll(async () => {
  // The families made here go, with everything of theirs (the children's rows cascade).
  await db.query('delete from public.children where parent_id = any($1)', [parents]);
  await db.query('delete from auth.users where id = any($1)', [parents]);
  await db.end();
});

/** A new parent with a child coached by the demo coach, onboarded (consent, a preferred time). */
async function familyWithChild(
  newParent: (o?: { firstName?: string; lastName?: string }) => Promise<NewAccount>,
  childName: string,
) {
  const parent = await newParent({ firstName: 'Robin', lastName: `Progress${stamp}` });
  parents.push(parent.userId);
  const { rows } = await db.query<{ id: string }>(
    `insert into public.children (parent_id, coach_id, first_name, age_band) values ($1, $2, $3, '9') returning id`,
    [parent.userId, DEMO_COACH, childName],
  );
  const childId = rows[0]!.id;
  await db.query(
    `insert into public.parental_consents (child_id, parent_id, notice_id, signed_name)
     values ($1, $2, private.current_consent_notice_id(), 'Robin Progress')`,
    [childId, parent.userId],
  );
  await db.query(
    `insert into public.preferred_session_times (child_id, weekday, day_part) values ($1, 2, 'afternoon')`,
    [childId],
  );
  return { parent, childId };
}

async function axeAtBothWidths(page: Page) {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Answers each question of the check-in: `pick` gives the label for it. */
async function answerCheckIn(page: Page, pick: (reverse: boolean) => string) {
  const form = page.getByRole('form', { name: /check-in$/ });
  const groups = form.getByRole('group');
  await expect(groups).toHaveCount(questions.length);
  for (const [index, question] of questions.entries()) {
    await groups
      .nth(index)
      .getByRole('radio', { name: pick(question.reverse === true), exact: true })
      .check();
  }
  await page.getByRole('button', { name: 'Save the check-in' }).click();
}

test('the parent takes a check-in, retakes it, reloads, and the chart shows both results', async ({
  page,
  logIn,
  newParent,
}) => {
  test.setTimeout(150_000);
  const childName = `Kit${stamp}`;
  const { parent } = await familyWithChild(newParent, childName);
  await logIn(parent.email, parent.password);
  await expect(page).toHaveURL(/\/app$/);
  const card = page.getByRole('article', { name: childName });
  await expect(card.getByText(`Take ${childName}'s first check-in`)).toBeVisible();
  await card.getByRole('link', { name: 'Take the check-in' }).click();
  await expect(page.getByRole('heading', { name: 'Check-in', level: 1 })).toBeVisible();
  await axeAtBothWidths(page);

  // A question left out is named, and nothing is saved.
  await page.getByRole('button', { name: 'Save the check-in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '16 questions have no answer yet.' })).toBeVisible();

  // First: "Sometimes" throughout (every skill 50).
  await answerCheckIn(page, () => 'Sometimes');
  await expect(page).toHaveURL(/\/app$/);
  await page.reload();
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(new Date());
  await expect(card.getByText('Emotional Regulation: 50 at the first check-in')).toBeVisible();
  await expect(card.getByText(/^Next check-in from /)).toBeVisible();

  // Then the strengths "Almost always", the difficulties "Never" (every skill 100).
  await card.getByRole('link', { name: 'Take one now' }).click();
  await answerCheckIn(page, (reverse) => (reverse ? 'Never' : 'Almost always'));
  await expect(page).toHaveURL(/\/app$/);
  await page.reload();
  await expect(card.getByText(`Emotional Regulation: 50 → 100 since ${month}`)).toBeVisible();
  await expect(card.getByText(`Connection: 50 → 100 since ${month}`)).toBeVisible();
  // The table below the charts holds both check-ins, newest first.
  const table = card.getByRole('table', { name: new RegExp(`^${childName}'s check-in scores`) });
  await expect(table.getByRole('row', { name: /^Focus/ }).getByRole('cell')).toHaveText(['100', '50']);
  // The chart draws both points of each skill.
  await expect(card.getByTestId('chart-focus').locator('circle')).toHaveCount(2);
  await axeAtBothWidths(page);
});

test('the coach sets a practice goal, the parent ticks two days, each reloads, and the coach sees them', async ({
  page,
  pageAs,
  logIn,
  newParent,
}) => {
  test.setTimeout(150_000);
  const childName = `Ash${stamp}`;
  const goal = `Balloon breaths before homework ${stamp}`;
  const { parent, childId } = await familyWithChild(newParent, childName);

  // The coach, in the family's page.
  const coach = await pageAs('coach');
  await coach.goto(`/admin/families/${parent.userId}`);
  const section = coach.getByRole('region', { name: `${childName}'s progress` });
  await expect(section.getByText(`No practice goal yet for ${childName}.`)).toBeVisible();
  await section.getByRole('textbox', { name: 'New practice goal' }).fill(goal);
  await section.getByRole('button', { name: 'Set goal' }).click();
  await expect(coach.getByText('Practice goal set', { exact: true })).toBeVisible();
  await coach.reload();
  await expect(section.getByRole('button', { name: `Retire “${goal}”` })).toBeVisible();
  await axeAtBothWidths(coach);

  // The parent ticks today and yesterday on the dashboard.
  await logIn(parent.email, parent.password);
  await expect(page).toHaveURL(/\/app$/);
  const card = page.getByRole('article', { name: childName });
  const days = card.getByRole('group', { name: `${goal}: the last 7 days` }).getByRole('button');
  await expect(days).toHaveCount(7);
  const today = days.nth(6);
  const yesterday = days.nth(5);
  await expect(today).toHaveAccessibleName(/\(today\)$/);
  await today.click();
  await expect(today).toHaveAttribute('aria-pressed', 'true');
  await yesterday.click();
  await expect(yesterday).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText('· 2 days in the last 7')).toBeVisible();
  await page.reload();
  await expect(days.nth(6)).toHaveAttribute('aria-pressed', 'true');
  await expect(days.nth(5)).toHaveAttribute('aria-pressed', 'true');
  await expect(days.nth(4)).toHaveAttribute('aria-pressed', 'false');
  await axeAtBothWidths(page);
  const { rows } = await db.query(`select count(*)::int as n from public.practice_days where child_id = $1`, [
    childId,
  ]);
  expect(rows[0].n).toBe(2);

  // The coach sees the two days in the family's page.
  await coach.reload();
  await expect(section.getByText('· 2 days in the last 7')).toBeVisible();
  await expect(section.getByRole('img', { name: /: practised$/ })).toHaveCount(2);
  await expect(section.getByRole('img', { name: /\(today\): practised$/ })).toHaveCount(1);

  // And beside the details of the child's next session.
  const { rows: next } = await db.query<{ day: string }>(
    `insert into public.coaching_sessions (child_id, coach_id, starts_at, status)
     values ($1, $2, date_trunc('hour', now()) + interval '2 days 7 minutes', 'scheduled')
     returning to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD') as day`,
    [childId, DEMO_COACH],
  );
  await coach.goto(`/admin/sessions?view=list&from=${next[0]!.day}&to=${next[0]!.day}`);
  await coach.getByRole('button', { name: new RegExp(`^Details: ${childName}`) }).click();
  const details = coach.getByRole('region', { name: `${childName} with Jordan Ellis` });
  await expect(details.getByRole('heading', { name: 'Practice this week', exact: true })).toBeVisible();
  await expect(details.getByText('· 2 days in the last 7')).toBeVisible();
  await expect(details.getByRole('img', { name: /: practised$/ })).toHaveCount(2);
  await axeAtBothWidths(coach);
  await coach.goto(`/admin/families/${parent.userId}`);

  // Retiring the goal takes it off the family's dashboard.
  await section.getByRole('button', { name: `Retire “${goal}”` }).click();
  await expect(coach.getByText('Goal retired', { exact: true })).toBeVisible();
  await coach.reload();
  await expect(section.getByText(`No practice goal yet for ${childName}.`)).toBeVisible();
  await page.reload();
  await expect(card.getByText(goal)).toHaveCount(0);
});
