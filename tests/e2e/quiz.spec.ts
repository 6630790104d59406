import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { questions, type SkillKey } from '../../src/content/quiz.ts';
import { adminDb, uniqueEmail } from '../support/stack.ts';
import { waitForEmail } from '../support/inbox.ts';
import { startEachTestWithFreshMailCaps } from './support/mail-caps.ts';

startEachTestWithFreshMailCaps();

/** Points (0-4) per skill this parent's answers give: a known result to check against. */
const pointsPerSkill: Record<SkillKey, number> = { emotions: 3, confidence: 1, focus: 0, connection: 4 };
const expectedScores = { emotions: 75, confidence: 25, focus: 0, connection: 100 };
const answerFor = (index: number) => {
  const q = questions[index]!;
  const points = pointsPerSkill[q.skill];
  return q.reverse ? 4 - points : points;
};

/** Tabs until a radio has the focus (the question heading holds it after each step). */
async function tabToRadio(page: Page) {
  for (let i = 0; i < 10; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'radio'))
      return;
  }
  throw new Error('no radio reached by Tab');
}

/** Answers the current question by keyboard only: Space picks "Never", arrows move along the scale. */
async function answerByKeyboard(page: Page, index: number) {
  await expect(page.getByText(`Question ${index + 1} of ${questions.length}`)).toBeVisible();
  await tabToRadio(page);
  await page.keyboard.press('Space');
  for (let i = 0; i < answerFor(index); i += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

async function assessmentRows(sessionId: string) {
  const db = await adminDb();
  try {
    const { rows } = await db.query('select * from public.quiz_assessments where analytics_session_id = $1', [
      sessionId,
    ]);
    return rows as Record<string, unknown>[];
  } finally {
    await db.end();
  }
}

test('a parent takes the whole assessment by keyboard, resumes after a reload, and gets saved results', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The visit starts on the home landing page from a campaign link; its main button leads to /quiz.
  await page.goto('/?utm_source=facebook&utm_medium=paid_social&utm_campaign=quiz_e2e');
  await page.goto('/quiz');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('5 minutes');
  await expectNoAxeViolations(page);

  await page.getByLabel("Child's first name").focus();
  await page.keyboard.type('Ava');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel("Child's age")).toBeFocused();
  await page.keyboard.press('9'); // type-ahead picks the option "9"
  await expect(page.getByLabel("Child's age")).toHaveValue('9');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Start the assessment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/quiz\/questions$/);

  const bar = page.getByRole('progressbar', { name: 'Assessment progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', '1');
  await expect(page.getByRole('group')).toContainText('Ava');
  await expectNoAxeViolations(page);

  for (let index = 0; index < 5; index += 1) await answerByKeyboard(page, index);
  await expect(bar).toHaveAttribute('aria-valuenow', '6');

  // A reload mid-way resumes at the same question with the answers kept.
  await page.reload();
  await expect(page.getByText(`Question 6 of ${questions.length}`)).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText(`Question 5 of ${questions.length}`)).toBeVisible();
  const labels = ['Never', 'Rarely', 'Sometimes', 'Often', 'Almost always'];
  await expect(page.getByRole('radio', { name: labels[answerFor(4)] })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();

  for (let index = 5; index < questions.length; index += 1) await answerByKeyboard(page, index);

  await expect(page).toHaveURL(/\/quiz\/results$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Ava's skills snapshot");
  await expect(page.getByTestId('top-focus-area')).toContainText('Focus');
  await expect(page.getByTestId('recommended-plan')).toContainText('Focused Progress');
  for (const [name, score] of [
    ['Emotional Regulation', expectedScores.emotions],
    ['Confidence', expectedScores.confidence],
    ['Focus', expectedScores.focus],
    ['Connection', expectedScores.connection],
  ] as const) {
    await expect(
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) }),
    ).toContainText(`${score} / 100`);
  }
  await expect(page.getByRole('link', { name: /intro call/i })).toHaveAttribute('href', '/request-fit-call');
  await expect(page.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute('href', '/waitlist');
  await expect(page.getByText('Your results are saved.')).toBeVisible();
  await expectNoAxeViolations(page);

  // The assessment is in the database once, with its campaign.
  const sessionId = await page.evaluate(() => sessionStorage.getItem('ploom_analytics_session_id'));
  expect(sessionId).toMatch(/^session_\d+_[a-z0-9]+$/);
  let rows = await assessmentRows(sessionId!);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    scores: expectedScores,
    recommended_plan: 'focused-progress',
    top_focus_area: 'focus',
    child_first_name: 'Ava',
    child_age: 9,
    utm_source: 'facebook',
    utm_medium: 'paid_social',
    utm_campaign: 'quiz_e2e',
    email: null,
  });
  expect(Object.keys(rows[0]!.answers as object)).toHaveLength(questions.length);

  // A reload of the results does not save it again.
  await page.reload();
  await expect(page.getByText('Your results are saved.')).toBeVisible();

  // "Email me my results" only with the box ticked.
  const email = uniqueEmail('quiz');
  await page.getByRole('checkbox', { name: /Email me my results/ }).check();
  await page.getByLabel('Your email').fill(email);
  await page.getByRole('button', { name: 'Email my results' }).click();
  await expect(page.getByText('We have saved your email with these results')).toBeVisible();
  rows = await assessmentRows(sessionId!);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.email).toBe(email.toLowerCase());
  expect(rows[0]!.email_consent_at).not.toBeNull();
  // ...and the copy of the results arrives in the parent's inbox.
  const mail = await waitForEmail(email, /assessment results/, 15000);
  expect(mail.text).toContain('Focused Progress');
});

test('the results page sends an unfinished quiz back to its questions', async ({ page }) => {
  await page.goto('/quiz/results');
  await expect(page).toHaveURL(/\/quiz$/);
  await page.getByRole('button', { name: 'Start the assessment' }).click();
  await page.getByRole('radio', { name: 'Often' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.goto('/quiz/results');
  await expect(page).toHaveURL(/\/quiz\/questions$/);
  await expect(page.getByText(`Question 2 of ${questions.length}`)).toBeVisible();
  // The intro offers to continue or start over.
  await page.goto('/quiz');
  await expect(page.getByText(`You have answered 1 of ${questions.length} questions`)).toBeVisible();
  await page.getByRole('button', { name: 'Continue where I left off' }).click();
  await expect(page.getByText(`Question 2 of ${questions.length}`)).toBeVisible();
});
