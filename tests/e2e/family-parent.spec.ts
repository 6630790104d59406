import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import type pg from 'pg';
import { confirmationLink } from '../support/sign-up.ts';
import { adminDb, uniqueEmail } from '../support/stack.ts';
import { holding } from './support/locks.ts';
import { withSignupOpen } from './support/signup-flag.ts';

/**
 * The parent app in Chromium: a new parent signs up, follows the confirmation email, onboards a child and sees the dashboard; the
 * demo parent sees Mia's next session, cancels one session and asks to reschedule another, and
 * opens a session's page (another family's is refused). axe on every page.
 */

const MIA = 'd0000000-0000-4000-8000-000000000001';
const DEMO_COACH = 'c0000000-0000-4000-8000-000000000001';
const ARJUN_SESSION = 'e0000000-0000-4000-8000-000000000006'; // another family's

let db: pg.Client;
const created: string[] = [];

/**
 * A session for Mia with the demo coach, `days` ahead at 10:xx UTC, an odd minute: clear of the
 * seeded ones, which sit on the hour, and of her weekly slot (Thursdays 4:30 pm in New York), which a
 * time of day taken from the clock met when the test ran on a Thursday afternoon.
 */
async function sessionForMia(days: number): Promise<string> {
  const minute = 3 + Math.floor(Math.random() * 25) * 2;
  const { rows } = await db.query<{ id: string }>(
    `insert into public.coaching_sessions (child_id, coach_id, starts_at)
     values ($1, $2, date_trunc('day', now()) + make_interval(days => $3, hours => 10, mins => $4)) returning id`,
    [MIA, DEMO_COACH, days, minute],
  );
  created.push(rows[0].id);
  return rows[0].id;
}

test.beforeAll(async () => {
  db = await adminDb();
});

test.afterAll(async () => {
  if (created.length) await db.query('delete from public.coaching_sessions where id = any($1)', [created]);
  await db.end();
});

test('a new parent signs up, confirms the email, onboards a child and sees the dashboard', async ({
  page,
}) => {
  // sign-up, a long form and three axe scans on shared cores
  test.slow();
  const email = uniqueEmail('family');
  // Sign-up is open throughout (another spec may be switching it: ./support/signup-flag.ts).
  await withSignupOpen(async () => {
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Jamie');
    await page.getByLabel('Last name').fill('Newfamily');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a-good-secret-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  });
  await expectNoAxeViolations(page);
  // the link in the confirmation email signs the parent in; the dashboard leads to onboarding until it is done
  await page.goto(await confirmationLink(email));
  await page.waitForURL('**/app/onboarding');
  await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
  await expectNoAxeViolations(page);

  const form = page.getByRole('form', { name: 'Add a child' });
  await form.getByRole('button', { name: 'Add child' }).click();
  await expect(form.getByText("Please enter your child's first name.")).toBeVisible();

  await form.getByLabel("Child's first name").fill('Robin');
  await form.getByLabel('Age').selectOption('8');
  await form.getByLabel('Managing Emotions').check();
  await form.getByLabel('Improving Focus').check();
  await form.getByLabel('What would you like to change?').fill('Calmer mornings before school.');
  await form.getByLabel('Tuesday after school').check();
  await form.getByLabel('Thursday evening').check();
  await form.getByLabel(/I am Robin's parent or legal guardian/).check();
  await form.getByLabel('Your full name (your signature)').fill('Jamie Newfamily');
  await form.getByRole('button', { name: 'Add child' }).click();

  await expect(page.getByRole('heading', { name: "You're all set" })).toBeVisible();
  const { rows } = await db.query(
    `select c.first_name, c.age, c.focus_areas, pc.signed_name, pc.terms_version is not null as versioned,
            (select count(*)::int from public.preferred_session_times t where t.child_id = c.id) as times
       from public.children c
       join auth.users u on u.id = c.parent_id
       join public.parental_consents pc on pc.child_id = c.id
      where u.email = $1`,
    [email],
  );
  expect(rows).toEqual([
    {
      first_name: 'Robin',
      age: 8,
      focus_areas: ['emotions', 'focus'],
      signed_name: 'Jamie Newfamily',
      versioned: true,
      times: 2,
    },
  ]);
  await expectNoAxeViolations(page);

  // Kept: after a reload Robin is there with the consent given and both times.
  await page.reload();
  const childSetup = (name: string) =>
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`^${name}`) }) });
  await expect(childSetup('Robin')).toContainText('Parental consent (done)');
  await expect(childSetup('Robin')).toContainText(
    'Preferred times: Tuesday after school, Thursday evening (done)',
  );

  // A child the team added has neither consent nor times yet: the parent gives both on this page,
  // and both are kept.
  await db.query(
    `insert into public.children (parent_id, first_name, age) select id, 'Sky', 10 from auth.users where email = $1`,
    [email],
  );
  await page.reload();
  const sky = childSetup('Sky');
  await expect(sky).toContainText('Parental consent (to do)');
  const consent = sky.getByRole('form', { name: 'Consent for Sky' });
  await consent.getByLabel(/I am Sky's parent or legal guardian/).check();
  await consent.getByLabel('Your full name (your signature)').fill('Jamie Newfamily');
  await consent.getByRole('button', { name: 'Give consent' }).click();
  await expect(page.getByText('Your consent for Sky is recorded.', { exact: true })).toBeVisible();
  const times = sky.getByRole('form', { name: 'Preferred times for Sky' });
  await times.getByLabel('Monday after school').check();
  await times.getByRole('button', { name: 'Save times' }).click();
  await expect(page.getByText("Sky's preferred times are saved.", { exact: true })).toBeVisible();
  await page.reload();
  await expect(sky).toContainText('Parental consent (done)');
  await expect(sky).toContainText('Preferred times: Monday after school (done)');
  await expect(sky.getByRole('form', { name: 'Consent for Sky' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Go to My Dashboard' }).click();
  await page.waitForURL('**/app');
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Robin' })).toBeVisible();
  // no coach and no plan yet: what happens next, and the plan first
  const next = page.getByRole('region', { name: 'What happens next' });
  await expect(next).toContainText('Next: choose a plan.');
  await expect(next).toContainText(
    'Once you choose a plan, we match Robin and Sky with a coach, usually within 2 days, and email you.',
  );
  await expect(next.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/app/billing');
  await expectNoAxeViolations(page);
});

test.describe('as the demo parent', () => {
  test.use({ signedInAs: 'parent' });

  test("sees Mia's next session, update, tools and points on the dashboard", async ({ page }) => {
    // session-room.spec.ts holds Mia in a session in progress for a whole video call at a time: wait
    // for it to end, so her next session is tomorrow's seeded one.
    test.setTimeout(180_000);
    await holding('mia_session_now', 'shared', async () => {
      await page.goto('/app');
      const mia = page.getByRole('article', { name: 'Mia' });
      await expect(mia.getByRole('heading', { name: 'Next session' })).toBeVisible();
      // Join opens 10 minutes before the start: tomorrow's session is not open yet
      await expect(mia.getByRole('button', { name: 'Join' })).toBeDisabled();
      await expect(mia.getByText(/Join opens 10 minutes before the start/)).toBeVisible();
    });
    const mia = page.getByRole('article', { name: 'Mia' });
    // session-follow-up.spec.ts shares a newer update about Mia for a moment: wait for it to go.
    await holding('mia_latest_update', 'shared', async () => {
      await page.reload();
      await expect(mia.getByText('We drew a bedtime plan', { exact: false })).toBeVisible();
    });
    await expect(mia.getByText('Balloon breaths', { exact: true })).toBeVisible();
    await expect(mia.getByRole('heading', { name: 'Ploom Points' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('cancels one session and asks to reschedule another, within the notice shown beforehand', async ({
    page,
  }) => {
    test.slow();
    const toCancel = await sessionForMia(12);
    const toMove = await sessionForMia(13);
    await page.goto('/app');
    await page.getByRole('article', { name: 'Mia' }).getByRole('link', { name: "Mia's schedule" }).click();
    await page.waitForURL(`**/app/child-schedule/${MIA}`);
    await expect(page.getByRole('heading', { name: 'Upcoming for Mia' })).toBeVisible();
    await expectNoAxeViolations(page);

    const row = (id: string) =>
      page.getByRole('listitem').filter({ has: page.locator(`a[href="/app/session/${id}"]`) });

    const cancelRow = row(toCancel);
    await expect(
      cancelRow.getByText(/You can ask to reschedule or cancel until .* \(24 hours before the start\)/),
    ).toBeVisible();
    await cancelRow.getByRole('button', { name: 'Cancel session' }).click();
    // it asks first, in a dialog naming the session; "Keep the session" changes nothing
    const confirm = page.getByRole('dialog', { name: 'Cancel this session?' });
    await expect(confirm).toContainText("Mia's session on");
    await confirm.getByRole('button', { name: 'Keep the session' }).click();
    await expect(confirm).toHaveCount(0);
    await cancelRow.getByRole('button', { name: 'Cancel session' }).click();
    await confirm.getByLabel(/Anything your coach should know/).fill('Family trip');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await confirm.getByRole('button', { name: 'Yes, cancel this session' }).click();
    await expect(page.getByText('Session cancelled', { exact: true })).toBeVisible();
    await expect(row(toCancel)).toHaveCount(0);

    const moveRow = row(toMove);
    await moveRow.getByRole('button', { name: 'Ask to reschedule' }).click();
    await moveRow.getByLabel('Which times would suit you instead?').fill('Friday after school, please.');
    await moveRow.getByRole('button', { name: 'Send request to the coach' }).click();
    await expect(moveRow.getByText('You asked to reschedule.', { exact: false })).toBeVisible();
    // Both are kept: after a reload the cancelled session is gone and the request still shows.
    await page.reload();
    await expect(moveRow.getByText('You asked to reschedule.', { exact: false })).toBeVisible();
    await expect(row(toCancel)).toHaveCount(0);

    const { rows } = await db.query(
      `select s.id, s.status,
              (select array_agg(e.event order by e.event) from public.outbox e
                where e.session_id = s.id and e.recipient = 'coach' and e.event <> 'booked') as coach_emails
         from public.coaching_sessions s where s.id = any($1) order by s.starts_at`,
      [[toCancel, toMove]],
    );
    expect(rows).toEqual([
      { id: toCancel, status: 'cancelled', coach_emails: ['cancelled'] },
      { id: toMove, status: 'scheduled', coach_emails: ['reschedule_requested'] },
    ]);
  });

  test("opens a session's page; another family's session is refused", async ({ page }) => {
    const id = await sessionForMia(14);
    await page.goto(`/app/session/${id}`);
    await expect(page.getByRole('heading', { name: "Mia's session" })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What to prepare' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/app/session/${ARJUN_SESSION}`);
    await expect(page.getByText("This session is not one of your family's.")).toBeVisible();
  });
});
