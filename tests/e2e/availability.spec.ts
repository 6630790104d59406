import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { adminDb } from '../support/stack.ts';

/**
 * The availability screen in /admin (docs/decisions/150 and 166): the demo coach (Jordan, Chicago:
 * weekdays 15:00-19:00, Saturday 09:00-12:00, and Wednesday and Friday 12:00-13:00 for intro calls
 * in the seed) keeps their hours and days off; an admin
 * picks any coach and changes the meeting rules. Each change is saved on the screen and reloaded.
 */

// The tests change the demo coach's hours and the shared rules: one at a time, each put back.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

async function openHours(page: Page) {
  await page.goto('/admin/availability');
  await expect(page.getByRole('heading', { name: 'Weekly hours' })).toBeVisible();
}

async function saveHours(page: Page) {
  await page.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByText('Hours saved').first()).toBeVisible();
}

test.describe('as the demo coach', () => {
  test.use({ signedInAs: 'coach', timezoneId: 'America/Chicago' });

  test('the coach changes their weekly hours, saves, reloads and sees them kept', async ({ page }) => {
    await openHours(page);
    await expect(page.getByRole('heading', { level: 1, name: 'My hours' })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'My hours' })).toBeVisible();
    await expect(page.getByLabel('Time zone')).toHaveValue('America/Chicago');
    await expect(page.getByLabel('Monday from')).toHaveValue('15:00');
    await expect(page.getByLabel('Monday until')).toHaveValue('19:00');
    const sunday = page.getByRole('checkbox', { name: 'Sunday' });
    await expect(sunday).not.toBeChecked();

    // An end before its start is refused in words, and nothing typed is lost.
    await page.getByLabel('Monday until').fill('14:00');
    await sunday.check();
    await page.getByLabel('Sunday from').fill('10:00');
    await page.getByLabel('Sunday until').fill('13:00');
    await page.getByRole('button', { name: 'Save hours' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Some hours need fixing' })).toBeVisible();
    await expect(page.getByText('The end is before the start.')).toBeVisible();
    await expect(page.getByLabel('Monday until')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Sunday from')).toHaveValue('10:00');

    // Two spans on Monday, the second one added with its own labelled inputs.
    await page.getByLabel('Monday until').fill('17:00');
    await page.getByRole('button', { name: 'Add hours on Monday' }).click();
    await page.getByLabel('Monday from (2)').fill('18:00');
    await page.getByLabel('Monday until (2)').fill('20:00');
    await saveHours(page);

    await page.reload();
    await expect(page.getByLabel('Monday from (1)')).toHaveValue('15:00');
    await expect(page.getByLabel('Monday until (1)')).toHaveValue('17:00');
    await expect(page.getByLabel('Monday from (2)')).toHaveValue('18:00');
    await expect(page.getByLabel('Monday until (2)')).toHaveValue('20:00');
    await expect(page.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
    await expect(page.getByLabel('Sunday from')).toHaveValue('10:00');
    await expect(page.getByLabel('Sunday until')).toHaveValue('13:00');

    // Put the seed's hours back for the other specs.
    await page.getByRole('button', { name: 'Remove Monday 18:00–20:00' }).click();
    await page.getByLabel('Monday until').fill('19:00');
    await page.getByRole('checkbox', { name: 'Sunday' }).uncheck();
    await saveHours(page);
    await page.reload();
    await expect(page.getByLabel('Monday until')).toHaveValue('19:00');
    await expect(page.getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
  });

  test('the coach gives hours to intro calls, which families are then not offered; reloads and sees it kept', async ({
    page,
  }) => {
    await openHours(page);
    // The seed gives Wednesday and Friday 12:00-13:00 to intro calls; the rest are family hours.
    await expect(page.getByLabel('Wednesday for (1)')).toHaveValue('intro_call');
    await expect(page.getByLabel('Wednesday for (2)')).toHaveValue('coaching_session');
    await expect(page.getByText('Families book only the hours for family sessions')).toBeVisible();

    // Saturday's family hours become intro-call hours (no other spec books Saturdays).
    await page.getByLabel('Saturday for').selectOption({ label: 'Intro calls' });
    await saveHours(page);
    await page.reload();
    await expect(page.getByLabel('Saturday for')).toHaveValue('intro_call');
    const db = await adminDb();
    try {
      const { rows } = await db.query<{ meeting: string }>(
        `select h.meeting from public.availability_hours h
           join public.availability_schedules s on s.id = h.schedule_id
          where s.coach_id = 'c0000000-0000-4000-8000-000000000001' and h.weekday = 6`,
      );
      expect(rows).toEqual([{ meeting: 'intro_call' }]);
      // Families are offered no Saturday time of Jordan's now.
      const offered = await db.query<{ n: number }>(
        `select count(*)::int as n from private.open_slots('f1000000-0000-4000-8000-000000000001',
           'coaching_session', now(), now() + interval '14 days') o
          where extract(isodow from o.starts_at at time zone 'America/Chicago') = 6`,
      );
      expect(offered.rows[0]!.n).toBe(0);
    } finally {
      await db.end();
    }
    await expectNoAxeViolations(page);

    // Put the seed's hours back for the other specs.
    await page.getByLabel('Saturday for').selectOption({ label: 'Family sessions' });
    await saveHours(page);
    await page.reload();
    await expect(page.getByLabel('Saturday for')).toHaveValue('coaching_session');
  });

  test('the coach adds a day off, reloads and sees it kept, then removes it', async ({ page }) => {
    await openHours(page);
    // Three weeks ahead, past the seed's own day off (two weeks ahead).
    const date = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    const words = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(`${date}T12:00:00Z`));
    const overrides = page.getByRole('list', { name: 'Date overrides' });

    await page.getByLabel('Date', { exact: true }).fill(date);
    await page.getByRole('radio', { name: 'Day off' }).check();
    await page.getByRole('button', { name: 'Add override' }).click();
    await expect(page.getByText('Day off added').first()).toBeVisible();
    await expect(overrides.getByRole('listitem').filter({ hasText: words })).toContainText('Day off');

    await page.reload();
    await expect(overrides.getByRole('listitem').filter({ hasText: words })).toContainText('Day off');

    // Hours beside a day off on the same date: the database refuses, in words, and the form keeps them.
    await page.getByLabel('Date', { exact: true }).fill(date);
    await page.getByRole('radio', { name: 'These hours' }).check();
    await page.getByLabel('From', { exact: true }).fill('09:00');
    await page.getByLabel('Until', { exact: true }).fill('11:00');
    await page.getByRole('button', { name: 'Add override' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'overlap' })).toBeVisible();
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('09:00');

    await page.getByRole('button', { name: `Remove the override of ${words}` }).click();
    await expect(page.getByText('Override removed').first()).toBeVisible();
    await expect(overrides.getByRole('listitem').filter({ hasText: words })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Date overrides' })).toBeVisible();
    await expect(page.getByText(words)).toHaveCount(0);
  });

  test('the coach gives a date other hours and the next open times follow', async ({ page }) => {
    // In the coach's own zone, so the preview's days are the schedule's dates.
    await openHours(page);
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(zone).toBe('America/Chicago');
    // Three days ahead: past the 24 h notice, inside the preview's week.
    const day = new Date(Date.now() + 3 * 86_400_000);
    const date = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(day);
    const label = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
    }).format(day);
    const preview = page.getByRole('list', { name: 'Open times by day' });
    await expect(preview).toBeVisible();
    await expect(
      preview.getByRole('listitem').filter({ hasText: label }).filter({ hasText: '6:00 AM' }),
    ).toHaveCount(0);

    await page.getByLabel('Date', { exact: true }).fill(date);
    await page.getByRole('radio', { name: 'These hours' }).check();
    await page.getByLabel('From', { exact: true }).fill('06:00');
    await page.getByLabel('Until', { exact: true }).fill('07:00');
    await page.getByRole('button', { name: 'Add override' }).click();
    await expect(page.getByText('Hours added').first()).toBeVisible();

    // The date's weekly hours are replaced: its 30-minute sessions start at 6:00 and 6:30 only.
    await page.reload();
    await expect(preview.getByRole('listitem').filter({ hasText: label })).toContainText('6:00 AM, 6:30 AM');
    await expect(preview.getByRole('listitem').filter({ hasText: label })).not.toContainText('PM');

    const words = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(`${date}T12:00:00Z`));
    await page.getByRole('button', { name: `Remove the override of ${words}` }).click();
    await expect(page.getByText('Override removed').first()).toBeVisible();
    await expect(
      preview.getByRole('listitem').filter({ hasText: label }).filter({ hasText: '6:00 AM' }),
    ).toHaveCount(0);
  });

  test('the coach takes a day off and its open times go, reloads, then gives the day back', async ({
    page,
  }) => {
    await openHours(page);
    const zone = 'America/Chicago';
    // The first weekday (Tuesday to Friday: hours 15:00-19:00) two to six days ahead, in the preview's week.
    const day = [2, 3, 4, 5, 6]
      .map((n) => new Date(Date.now() + n * 86_400_000))
      .find((d) =>
        ['Tuesday', 'Wednesday', 'Thursday', 'Friday'].includes(
          new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long' }).format(d),
        ),
      )!;
    const date = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(day);
    const label = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
    }).format(day);
    const words = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(`${date}T12:00:00Z`));
    const preview = page.getByRole('list', { name: 'Open times by day' });
    const thatDay = preview.getByRole('listitem').filter({ hasText: label });
    await expect(thatDay).toContainText('3:00 PM');

    await page.getByLabel('Date', { exact: true }).fill(date);
    await page.getByRole('radio', { name: 'Day off' }).check();
    await page.getByRole('button', { name: 'Add override' }).click();
    await expect(page.getByText('Day off added').first()).toBeVisible();
    await expect(thatDay).toHaveCount(0);
    await page.reload();
    await expect(preview).toBeVisible();
    await expect(thatDay).toHaveCount(0);

    await page.getByRole('button', { name: `Remove the override of ${words}` }).click();
    await expect(page.getByText('Override removed').first()).toBeVisible();
    await expect(thatDay).toContainText('3:00 PM');
  });

  test('the screen has no axe violations at 1280 and 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openHours(page);
    await expect(page.getByRole('heading', { name: 'Next open times' })).toBeVisible();
    await expect(page.getByText('Loading the open times…')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByLabel('Monday from')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });
});

test.describe('as the admin', () => {
  test.use({ signedInAs: 'admin' });

  test('an admin picks a coach and edits a meeting rule, reloads and sees it kept', async ({ page }) => {
    await openHours(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
    await page.getByLabel('Whose hours').selectOption({ label: 'Maya Chen' });
    await expect(page.getByLabel('Time zone')).toHaveValue('Europe/London');
    await expect(page.getByLabel('Monday from')).toHaveValue('16:00');

    const buffer = page.getByLabel('Intro call buffer before and after (minutes)');
    await expect(buffer).toHaveValue('10');
    // Out of the table's limits: refused in words before it is sent.
    const length = page.getByLabel('Intro call length (minutes)');
    await length.fill('5');
    await page.getByRole('button', { name: 'Save intro call rules' }).click();
    await expect(page.getByText('At least 10.')).toBeVisible();
    await length.fill('25');
    await buffer.fill('15');
    await page.getByRole('button', { name: 'Save intro call rules' }).click();
    await expect(page.getByText('Intro call rules saved').first()).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Intro call buffer before and after (minutes)')).toHaveValue('15');
    await expect(page.getByLabel('Intro call length (minutes)')).toHaveValue('25');
    await expect(page.getByLabel('Coaching session length (minutes)')).toHaveValue('30');

    // Put the product's defaults back for the other specs.
    await page.getByLabel('Intro call length (minutes)').fill('15');
    await page.getByLabel('Intro call buffer before and after (minutes)').fill('10');
    await page.getByRole('button', { name: 'Save intro call rules' }).click();
    await expect(page.getByText('Intro call rules saved').first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Intro call length (minutes)')).toHaveValue('15');
  });

  test('an admin keeps hours for a team member who is not a coach and switches their intro calls, reloads and sees both kept', async ({
    page,
    newParent,
  }) => {
    // A team member of the test's own: an account with the admin role and no coach listing.
    const member = await newParent({ firstName: 'Quinn', lastName: 'Rivers' });
    const db = await adminDb();
    await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [member.userId]);
    try {
      await openHours(page);
      const whose = page.getByLabel('Whose hours');
      await whose.selectOption({ label: 'Quinn Rivers (team) (no hours yet)' });
      const intro = page.getByRole('checkbox', { name: 'Quinn Rivers takes intro calls' });
      await expect(intro).toBeDisabled();
      await expect(
        page.getByText('Save the weekly hours first; then this person can take intro calls.'),
      ).toBeVisible();

      await page.getByRole('checkbox', { name: 'Tuesday' }).check();
      await page.getByLabel('Tuesday from').fill('09:00');
      await page.getByLabel('Tuesday until').fill('11:00');
      await saveHours(page);
      await expect(intro).toBeEnabled();
      await intro.check();
      await expect(page.getByText('Takes intro calls', { exact: true }).first()).toBeVisible();
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1280, height: 800 });

      await page.reload();
      await whose.selectOption({ label: 'Quinn Rivers (team)' });
      await expect(page.getByLabel('Tuesday from')).toHaveValue('09:00');
      await expect(page.getByLabel('Tuesday until')).toHaveValue('11:00');
      await expect(intro).toBeChecked();
      const { rows } = await db.query(
        'select takes_intro_calls, time_zone from public.availability_schedules where user_id = $1',
        [member.userId],
      );
      expect(rows).toEqual([{ takes_intro_calls: true, time_zone: expect.any(String) }]);

      // and off again
      await intro.uncheck();
      await expect(page.getByText('No longer takes intro calls', { exact: true }).first()).toBeVisible();
      const off = await db.query(
        'select takes_intro_calls from public.availability_schedules where user_id = $1',
        [member.userId],
      );
      expect(off.rows).toEqual([{ takes_intro_calls: false }]);
    } finally {
      await db.query('delete from public.availability_schedules where user_id = $1', [member.userId]);
      await db.end();
    }
  });
});
