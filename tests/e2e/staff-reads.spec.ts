import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { randomUUID } from 'node:crypto';
import { anonClient, uniqueEmail } from '../support/stack.ts';

/**
 * The staff screens read right (issue 21, "Reads wrong"), in Chromium against the seeded stack:
 * session times name the viewer's zone once, a session offers only what fits its state, and the
 * users list names a child's login as the child's login.
 */

/** The demo family's children (supabase/seed.sql). */
const MIA = 'd0000000-0000-4000-8000-000000000001';
const LEO = 'd0000000-0000-4000-8000-000000000002';

/** Opens the first session of a filtered list and returns its details panel. */
async function openFirstSession(page: Page, search: string, child: 'Mia' | 'Leo') {
  await page.goto(`/admin/sessions?${search}`);
  await page
    .getByRole('button', { name: new RegExp(`^Details: ${child}`) })
    .first()
    .click();
  const details = page.getByRole('region', { name: new RegExp(`^${child} with `) });
  await expect(details).toBeVisible();
  return details;
}

test.describe('sessions, as the demo admin in a browser on UTC', () => {
  test.use({ signedInAs: 'admin', timezoneId: 'UTC' });

  test('times name the zone once: "UTC", never "UTC (UTC)"', async ({ page }) => {
    await page.goto('/admin/sessions?view=list&from=');
    await expect(page.getByText('Times in your time zone:')).toContainText(/Times in your time zone:\s*UTC$/);
    await expect(
      page
        .getByRole('table')
        .getByText(/\d:\d\d [ap]m UTC$/)
        .first(),
    ).toBeVisible();
    await expect(page.getByText('UTC (UTC)')).toHaveCount(0);
  });

  test('a future session has its room and no "After the session"; a past one the reverse', async ({
    page,
  }) => {
    const future = await openFirstSession(page, `view=list&child=${MIA}&status=scheduled`, 'Mia');
    await expect(future.getByRole('link', { name: 'Open session room' })).toBeVisible();
    await expect(future.getByRole('heading', { name: 'After the session' })).toHaveCount(0);
    await expect(future.getByText(/\d:\d\d [ap]m UTC$/)).toBeVisible();
    await expectNoAxeViolations(page);

    const past = await openFirstSession(page, `view=list&child=${MIA}&status=completed&from=`, 'Mia');
    await expect(past.getByRole('heading', { name: 'After the session' })).toBeVisible();
    await expect(past.getByRole('link', { name: 'Open session room' })).toHaveCount(0);
  });

  test('a cancelled session offers no session room, no notes and no points', async ({ page }) => {
    const cancelled = await openFirstSession(page, `view=list&child=${LEO}&status=cancelled&from=`, 'Leo');
    await expect(cancelled.getByText(/Cancelled/)).toBeVisible();
    await expect(cancelled.getByRole('link', { name: 'Open session room' })).toHaveCount(0);
    await expect(cancelled.getByRole('heading', { name: 'After the session' })).toHaveCount(0);
  });
});

test.describe('users, as the demo admin', () => {
  test.use({ signedInAs: 'admin' });

  test('a child login reads "child login: mia", and "Grant a role" is styled as the other controls', async ({
    page,
  }) => {
    await page.goto('/admin/users');
    await page.getByLabel('Search by name or email').fill('mia');
    await page.getByLabel('Search by name or email').press('Enter');
    const row = page.getByRole('row').filter({ has: page.getByText('child login: mia', { exact: true }) });
    await expect(row).toHaveCount(1);
    // Never the child's Auth address, which is a random identifier (docs/decisions/151).
    await expect(page.getByText(/@child\.ploom\.invalid/)).toHaveCount(0);

    // A child login is offered no role to grant; an adult's row has the control, the same as every
    // other select of the product: rounded, bordered, its own chevron.
    await expect(row.getByRole('combobox', { name: /^Grant a role to / })).toHaveCount(0);
    await page.getByLabel('Search by name or email').fill('parent@ploom.local');
    await page.getByLabel('Search by name or email').press('Enter');
    const grant = page.getByRole('combobox', { name: /^Grant a role to / }).first();
    await expect(grant).toBeVisible();
    await expect(grant).toHaveCSS('appearance', 'none');
    await expect(grant).toHaveCSS('border-top-left-radius', '12px');
    const roleFilter = page.getByRole('combobox', { name: /^Role/ });
    const filterBorder = await roleFilter.evaluate((e) => getComputedStyle(e).borderTopColor);
    await expect(grant).toHaveCSS('border-top-color', filterBorder);
    await expectNoAxeViolations(page);
  });
});

test.describe('audit log, as the demo admin', () => {
  test.use({ signedInAs: 'admin' });

  test("a lead's new assignee and note are in the audit log, in names and readable times", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const name = `Audra Probe ${randomUUID().slice(0, 6)}`;
    const email = uniqueEmail('e2e-audit-lead');
    const { error } = await anonClient()
      .from('waitlist')
      .insert({ id: randomUUID(), name, email, consent: true, source: 'fit-call' });
    expect(error).toBeNull();

    // Worked on the leads screen, as the team does.
    await page.goto(`/admin/waitlist?q=${encodeURIComponent(email)}`);
    await page.getByRole('table').getByRole('button', { name }).click();
    const panel = page.getByRole('region', { name: new RegExp(name) });
    await panel.getByLabel('Assignee').selectOption({ label: 'Jordan Ellis (coach)' });
    await panel.getByRole('button', { name: 'Save assignee' }).click();
    await expect(panel.getByRole('list', { name: 'History' })).toContainText('Assigned to Jordan Ellis');
    await panel.getByLabel('Add a note').fill('Left a voicemail about Thursday.');
    await panel.getByRole('button', { name: 'Add note' }).click();
    await expect(panel.getByRole('list', { name: 'History' })).toContainText(
      'Left a voicemail about Thursday.',
    );

    await page.goto('/admin/audit-logs');
    await page.getByLabel('Action').selectOption('LEAD_ASSIGNED');
    const assigned = page.getByRole('row').filter({ hasText: name });
    await expect(assigned).toHaveCount(1);
    await expect(assigned).toContainText('Alex Morgan');
    await expect(assigned).toContainText('Lead assigned');
    await expect(assigned).toContainText('assignee: none → Jordan Ellis');
    await expect(assigned).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/);
    await expectNoAxeViolations(page);

    await page.getByLabel('Action').selectOption('LEAD_NOTE_ADDED');
    const note = page.getByRole('row').filter({ hasText: name });
    await expect(note).toContainText('Note added to a lead');
    await expect(note).toContainText('body: Left a voicemail about Thursday.');

    // A session change reads its time as a time, not an ISO timestamp.
    await page.getByLabel('Action').selectOption('SESSION_UPDATED');
    const session = page.getByRole('row').filter({ hasText: 'Mia with Jordan Ellis' }).first();
    await expect(session).toBeVisible();
    await expect(page.getByRole('table')).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:/);
  });
});
