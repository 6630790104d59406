import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { listEmails, type InboxEmail } from '../support/inbox.ts';
import { adminDb } from '../support/stack.ts';
import { demoEmail } from './support/roles.ts';

/**
 * /admin/sessions in Chromium against the seeded stack: the admin books, moves and cancels a
 * session (the family and the coach get an email each time), a double booking is refused with a
 * clear message, the demo coach sees only their sessions, and the session room lets in only the
 * session's coach and admins. The browser runs in New York time: times are shown there, named.
 */
test.use({ timezoneId: 'America/New_York' });

/** Seeded sessions (supabase/seed.sql): Mia's with the demo coach, Leo's with another coach. */
const MIA_SESSION = 'e0000000-0000-4000-8000-000000000003';
/** The demo coach's coach id (Jordan Ellis). */
const JORDAN = 'c0000000-0000-4000-8000-000000000001';
const LEO_SESSION = 'e0000000-0000-4000-8000-000000000005';

/** Waits for an email to `to` whose subject and text match. */
async function waitForMail(to: string, subject: string, text: string | RegExp): Promise<InboxEmail> {
  let found: InboxEmail | undefined;
  await expect
    .poll(
      async () => {
        found = (await listEmails()).find(
          (mail) =>
            mail.to.some((t) => t.address === to) &&
            mail.subject === subject &&
            (typeof text === 'string' ? mail.text.includes(text) : text.test(mail.text)),
        );
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** A local date far enough ahead to be free: days from today, as the date input wants it. */
function dateAhead(days: number): { iso: string; spoken: string } {
  const at = new Date(Date.now() + days * 86_400_000);
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(at);
  const spoken = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(at);
  return { iso, spoken };
}

/** As dateAhead, but never a Thursday: Mia's seeded weekly slot is on Thursdays. */
function freeDayAhead(days: number): { iso: string; spoken: string } {
  const day = dateAhead(days);
  return day.spoken.startsWith('Thursday') ? dateAhead(days + 1) : day;
}

async function openSessions(page: Page) {
  await page.goto('/admin/sessions');
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();
}

/**
 * The demo family's children by their seeded ids: the stack suite's families may have a Mia whose
 * parent is a Sam too, and a label would pick whichever comes first.
 */
const demoChild = {
  mia: 'd0000000-0000-4000-8000-000000000001',
  leo: 'd0000000-0000-4000-8000-000000000002',
};

test.describe('as the demo admin', () => {
  test.use({ signedInAs: 'admin' });

  test('books, reschedules and cancels a session; each change is emailed to the family and the coach', async ({
    page,
  }) => {
    const day = freeDayAhead(50 + Math.floor(Math.random() * 30));
    await openSessions(page);
    await expect(page.getByText(/Times in your time zone: E[SD]T \(New York\)/)).toBeVisible();

    await page.getByRole('button', { name: 'Book a session' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a session' });
    // Each child is named with their parent's full name: two Mias of two Sams read apart.
    await expect(dialog.locator(`option[value="${demoChild.mia}"]`)).toHaveText('Mia (parent: Sam Rivera)');
    await dialog.getByLabel('Child').selectOption(demoChild.mia);
    await expect(dialog.getByLabel('Coach')).toHaveValue('c0000000-0000-4000-8000-000000000001');
    await dialog.getByLabel('Date').fill(day.iso);
    await dialog.getByLabel('Time', { exact: true }).fill('10:15');
    await dialog.getByRole('button', { name: 'Book session' }).click();
    await expect(page.getByText('Session booked', { exact: true }).first()).toBeVisible();
    await expect(dialog).toBeHidden();

    const booked = await waitForMail(
      demoEmail('parent'),
      "Session booked: Mia's session with Jordan Ellis",
      `${day.spoken}, 10:15 am`,
    );
    expect(booked.text).toMatch(/10:15 am E[SD]T \(America\/New_York\)/);
    const sessionLink = /\/app\/session\/([0-9a-f-]{36})/.exec(booked.text)?.[1];
    expect(sessionLink).toBeTruthy();
    // the coach reads it in their own zone (Chicago), with the room's link
    const toCoach = await waitForMail(
      demoEmail('coach'),
      "Session booked: Mia's session",
      `${day.spoken}, 9:15 am`,
    );
    expect(toCoach.text).toContain(`/admin/session-room/${sessionLink}`);

    // a second booking for the same coach at the same time is refused, saying why
    await page.getByRole('button', { name: 'Book a session' }).click();
    await dialog.getByLabel('Child').selectOption(demoChild.leo);
    await dialog.getByLabel('Coach').selectOption({ label: 'Jordan Ellis' });
    await dialog.getByLabel('Date').fill(day.iso);
    await dialog.getByLabel('Time', { exact: true }).fill('10:15');
    await dialog.getByRole('button', { name: 'Book session' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'The coach already has a session at that time. Choose another time.',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // find it in the list and move it an hour later
    await page.getByRole('button', { name: 'List' }).click();
    const filters = page.getByRole('form', { name: 'Filter sessions' });
    await filters.getByLabel('Child').selectOption(demoChild.mia);
    await filters.getByLabel('From').fill(day.iso);
    await filters.getByLabel('Until').fill(day.iso);
    await expect(page.getByText('Page 1 of 1 · 1 session')).toBeVisible();
    // The booking is kept: the filters live in the address, so a reload lists it again.
    const reopen = async () => {
      await page.reload();
      await expect(page.getByText('Page 1 of 1 · 1 session')).toBeVisible();
      await page.getByRole('button', { name: /^Details: Mia/ }).click();
    };
    await reopen();
    const details = page.getByRole('region', { name: 'Mia with Jordan Ellis' });
    await expect(details.getByText(/10:15 am E[SD]T$/)).toBeVisible();
    await details.getByRole('button', { name: 'Reschedule' }).click();
    const move = page.getByRole('dialog', { name: 'Reschedule the session' });
    await move.getByLabel('New time').fill('11:15');
    await move.getByRole('button', { name: 'Move session' }).click();
    await expect(page.getByText('Session moved', { exact: true }).first()).toBeVisible();
    await expect(details.getByText(/11:15 am E[SD]T$/)).toBeVisible();
    await reopen();
    await expect(details.getByText(/11:15 am E[SD]T$/)).toBeVisible();
    await waitForMail(
      demoEmail('parent'),
      "Session moved: Mia's session with Jordan Ellis",
      `${day.spoken}, 11:15 am`,
    );
    await waitForMail(demoEmail('coach'), "Session moved: Mia's session", `${day.spoken}, 10:15 am`);

    // and cancel it
    await details.getByRole('button', { name: 'Cancel session' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel the session?' });
    await cancel.getByRole('button', { name: 'Cancel session' }).click();
    await expect(page.getByText('Session cancelled', { exact: true }).first()).toBeVisible();
    await expect(details.getByText(/Cancelled/)).toBeVisible();
    await reopen();
    await expect(details.getByText(/Cancelled/)).toBeVisible();
    await expect(details.getByRole('button', { name: 'Cancel session' })).toHaveCount(0);
    await waitForMail(
      demoEmail('parent'),
      "Session cancelled: Mia's session with Jordan Ellis",
      `${day.spoken}, 11:15 am`,
    );
    await waitForMail(demoEmail('coach'), "Session cancelled: Mia's session", `${day.spoken}, 10:15 am`);
  });

  test('the week is a keyboard grid with previous, next and today', async ({ page }) => {
    await openSessions(page);
    const grid = page.getByRole('grid', { name: 'Sessions this week' });
    await expect(grid.getByRole('gridcell')).toHaveCount(7);
    const today = grid.getByRole('gridcell', { name: /\(today\)/ });
    await today.focus();
    await page.keyboard.press('End');
    await expect(grid.getByRole('gridcell').nth(6)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(grid.getByRole('gridcell').nth(0)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(grid.getByRole('gridcell').nth(1)).toBeFocused();

    const title = page.getByRole('heading', { name: /^Week of / });
    const thisWeek = await title.textContent();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(title).not.toHaveText(thisWeek!);
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(title).toHaveText(thisWeek!);
  });

  for (const view of ['week', 'list', 'booking dialog'] as const) {
    test(`axe finds nothing in the ${view}`, async ({ page }) => {
      await openSessions(page);
      await expect(page.getByRole('grid', { name: 'Sessions this week' })).toBeVisible();
      if (view !== 'week') {
        await page.getByRole('button', { name: 'List' }).click();
        await expect(page.getByRole('form', { name: 'Filter sessions' })).toBeVisible();
      }
      if (view === 'booking dialog') {
        await page.getByRole('button', { name: 'Book a session' }).click();
        await expect(page.getByRole('dialog', { name: 'Book a session' })).toBeVisible();
      }
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('as the demo coach', () => {
  test.use({ signedInAs: 'coach' });

  test('sees only their own sessions, cannot book, and opens the room of their session', async ({ page }) => {
    await openSessions(page);
    await expect(page.getByRole('button', { name: 'Book a session' })).toHaveCount(0);
    await page.getByRole('button', { name: 'List' }).click();
    const filters = page.getByRole('form', { name: 'Filter sessions' });
    await expect(filters.getByLabel('Coach')).toHaveCount(0);
    await filters.getByLabel('From').fill('');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    const coachCells = await page.getByRole('table').locator('tbody tr td:nth-child(3)').allTextContents();
    expect(coachCells.length).toBeGreaterThan(0);
    expect(new Set(coachCells)).toEqual(new Set(['Jordan Ellis']));
    const children = await page.getByRole('table').locator('tbody tr td:nth-child(2)').allTextContents();
    expect(new Set(children)).toEqual(new Set(['Mia']));

    await page.goto(`/admin/session-room/${MIA_SESSION}`);
    await expect(page.getByRole('heading', { name: 'Mia with Jordan Ellis' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("is kept out of another coach's session room", async ({ page }) => {
    await page.goto(`/admin/session-room/${LEO_SESSION}`);
    await expect(page.getByRole('heading', { name: "This session room isn't yours" })).toBeVisible();
  });

  test('the session notes say who reads them: not the family in the app, but the family in its data export', async ({
    page,
  }) => {
    // Notes belong to a session that has begun: the seeded one of two weeks ago.
    const past = dateAhead(-14).iso;
    await page.goto(`/admin/sessions?view=list&from=${past}&to=${past}`);
    await page
      .getByRole('button', { name: /^Details: Mia/ })
      .first()
      .click();
    await expect(page.getByLabel('Session notes')).toHaveAccessibleDescription(
      "Not shown in the family's app, but part of the family's data: a parent who downloads it reads them.",
    );
  });

  test('each session links to its room', async ({ page }) => {
    // A session of the test's own, alone on its day: another file's session of Mia's, listed
    // first, could be deleted by its clean-up between the list and the click.
    const db = await adminDb();
    const day = freeDayAhead(120 + Math.floor(Math.random() * 200));
    const minute = 1 + Math.floor(Math.random() * 29) * 2;
    const { rows } = await db.query<{ id: string }>(
      `insert into public.coaching_sessions (child_id, coach_id, starts_at)
       values ($1, $2, ($3::date + make_time(10, $4, 0)) at time zone 'America/New_York') returning id`,
      [demoChild.mia, JORDAN, day.iso, minute],
    );
    const session = rows[0]!.id;
    try {
      await page.goto(`/admin/sessions?view=list&child=${demoChild.mia}&from=${day.iso}&to=${day.iso}`);
      await page.getByRole('button', { name: /^Details: Mia/ }).click();
      await page.getByRole('link', { name: 'Open session room' }).click();
      await page.waitForURL(`**/admin/session-room/${session}`);
      await expect(page.getByRole('heading', { name: 'Mia with Jordan Ellis' })).toBeVisible();
    } finally {
      await db.query('delete from public.coaching_sessions where id = $1', [session]);
      await db.end();
    }
  });
});

test.describe('as the demo parent', () => {
  test.use({ signedInAs: 'parent' });

  test("gets the not-allowed page for a session room, even their child's", async ({ page }) => {
    await page.goto(`/admin/session-room/${MIA_SESSION}`);
    await expect(page.getByRole('heading', { name: "This area isn't for your account" })).toBeVisible();
  });
});
