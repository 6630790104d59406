import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { givePlan } from '../support/plans.ts';
import { adminDb } from '../support/stack.ts';

/**
 * The custom family plan on its screens (docs/decisions/227): the demo coach writes a child's plan
 * on the family's page, saves a draft (kept on reload), shares it and ticks a milestone off; the
 * parent (Intensive Momentum) reads it on the child's page, acknowledges it and comments, each kept
 * with its time; the child reads their own goal, in a child's words, on their dashboard.
 */

const JORDAN = 'c0000000-0000-4000-8000-000000000001';
const MIA = 'd0000000-0000-4000-8000-000000000001';
let db: pg.Client;
test.beforeAll(async () => {
  db = await adminDb();
});
test.afterAll(async () => {
  await db.end();
});

test('the coach writes and shares a family plan and ticks a milestone; the parent acknowledges and comments', async ({
  page,
  pageAs,
  newParent,
  logIn,
}) => {
  test.slow();
  const parent = await newParent({ firstName: 'Oli', lastName: 'Plan' });
  const child = (
    await db.query<{ id: string }>(
      `insert into public.children (parent_id, coach_id, first_name, age_band) values ($1, $2, 'Ivo', '10') returning id`,
      [parent.userId, JORDAN],
    )
  ).rows[0]!.id;
  await givePlan(db, parent.userId, 'intensive-momentum');

  const coach = await pageAs('coach');
  await coach.goto(`/admin/families/${parent.userId}`);
  const form = coach.getByRole('form', { name: "Ivo's family plan" });
  await form.getByRole('button', { name: 'Add a goal' }).click();
  await form.getByLabel('Goal', { exact: true }).fill('Calmer mornings before school');
  await form.getByLabel("In Ivo's words").fill('I can get ready calmly');
  await form.getByRole('button', { name: 'Add a milestone to goal 1' }).click();
  await form.getByLabel('Goal 1, milestone 1').fill('Dressed before breakfast three days a week');
  await form.getByRole('button', { name: 'Add a strategy' }).click();
  await form.getByLabel('Strategies at home, item 1').fill('A picture checklist by the door');
  await form.getByRole('button', { name: 'Add a sign to watch for' }).click();
  await form.getByLabel('What to watch for, item 1').fill('Tummy aches on Mondays');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(coach.getByText('Draft saved', { exact: true })).toBeVisible();
  await coach.reload();
  await expect(form.getByLabel('Goal', { exact: true })).toHaveValue('Calmer mornings before school');
  await expect(form.getByLabel('What to watch for, item 1')).toHaveValue('Tummy aches on Mondays');
  await expectNoAxeViolations(coach);
  await form.getByRole('button', { name: 'Share with the family' }).click();
  await expect(coach.getByText('Version 1 shared', { exact: true })).toBeVisible();
  await coach.reload();
  const milestone = coach.getByRole('checkbox', { name: /^Dressed before breakfast three days a week/ });
  await milestone.check();
  await expect(milestone).toBeChecked();
  await coach.reload();
  await expect(milestone).toBeChecked();

  await logIn(parent.email, parent.password);
  await page.waitForURL(/\/app/);
  await page.goto(`/app/child-schedule/${child}`);
  const plan = page.getByRole('region', { name: "Ivo's family plan" });
  await expect(plan.getByText('Calmer mornings before school')).toBeVisible();
  await expect(plan.getByText('For Ivo: “I can get ready calmly”')).toBeVisible();
  await expect(plan.getByRole('list', { name: 'Milestones of Calmer mornings before school' })).toContainText(
    /Dressed before breakfast three days a week \(reached /,
  );
  await plan.getByRole('button', { name: 'I have read the plan and agree' }).click();
  await expect(page.getByText('Plan acknowledged', { exact: true })).toBeVisible();
  await plan.getByLabel(/A comment for your coach/).fill('Mondays are the hardest.');
  await plan.getByRole('button', { name: 'Send the comment' }).click();
  await expect(page.getByText('Comment sent', { exact: true })).toBeVisible();
  await page.reload();
  const reviews = plan.getByRole('list', { name: 'Your reviews of this version' });
  await expect(reviews).toContainText('You acknowledged the plan');
  await expect(reviews).toContainText('You commented: “Mondays are the hardest.”');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await coach.reload();
  await expect(coach.getByRole('region', { name: "Ivo's family's review" })).toContainText(
    '“Mondays are the hardest.”',
  );
});

test("the child reads their own goal, in a child's words, on their dashboard", async ({ pageAs }) => {
  const words = `I can say how I feel ${Date.now().toString(36)}`;
  const milestone = randomUUID();
  const version = (
    await db.query<{ id: string }>(
      `insert into public.family_plan_versions (child_id, parent_id, coach_id, version, content, status, shared_at)
       values ($1, 'a0000000-0000-4000-8000-000000000003', $2, 900 + floor(random() * 90)::int, $3, 'shared', now())
       returning id`,
      [
        MIA,
        JORDAN,
        JSON.stringify({
          goals: [
            {
              id: randomUUID(),
              title: 'Naming feelings',
              child_words: words,
              milestones: [{ id: milestone, text: 'Names one feeling a day' }],
            },
          ],
          strategies: [],
          watch_for: [],
        }),
      ],
    )
  ).rows[0]!.id;
  try {
    const child = await pageAs('child', { viewport: { width: 390, height: 844 } });
    await child.goto('/child/dashboard');
    const goals = child.getByRole('region', { name: 'My goals' });
    await expect(goals.getByText(words)).toBeVisible();
    await expect(goals.getByText('0 of 1 steps done')).toBeVisible();
    // the adult parts of the plan are not a child's to read
    await expect(child.getByText('Names one feeling a day')).toHaveCount(0);
    await expectNoAxeViolations(child);
  } finally {
    await db.query('delete from public.family_plan_versions where id = $1', [version]);
  }
});
