import { expect, expectNoAxeViolations, test, withoutLastViews } from './support/fixtures.ts';
import { waitForEmail } from '../support/inbox.ts';
import { uniqueEmail } from '../support/stack.ts';
import { whileSwitchingSignup, withSignupOpen } from './support/signup-flag.ts';

/**
 * The admin's people screens in Chromium as the demo admin: invite a coach who accepts from the
 * inbox, flip sign-up and watch an open landing page follow, read the audit entry and the report.
 */

test.use({ signedInAs: 'admin' });
// One test flips the shared signup_enabled flag (./support/signup-flag.ts): run this file's tests one
// at a time. Each is a journey over several pages with an axe check on each: a minute each.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

test('the admin invites a coach; the coach opens the email, chooses a password and lands in /admin', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('e2e-coach');
  // A surname of its own: retries and earlier runs leave other invited coaches in the list.
  const surname = `Newcoach${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const fullName = new RegExp(`Casey ${surname}`);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  // Other tests add accounts of their own: find the demo admin by search, not on the first page.
  await page.getByLabel('Search by name or email').fill('admin@ploom.local');
  await page.getByLabel('Search by name or email').press('Enter');
  await expect(page.getByRole('row', { name: /Alex Morgan/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Invite a coach or admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a coach or admin' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First name').fill('Casey');
  await dialog.getByLabel('Last name').fill(surname);
  await dialog.getByLabel('Role').selectOption('coach');
  // Auth refuses an invitation while sign-up is off (another spec may be switching it).
  await withSignupOpen(async () => {
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('Invitation sent', { exact: true })).toBeVisible();
  });

  await page.getByLabel('Search by name or email').fill(surname);
  const row = page.getByRole('row', { name: fullName });
  await expect(row).toContainText('invited');
  await expect(row.getByRole('list', { name: `Roles of Casey ${surname}` })).toHaveText('Coach');

  const mail = await waitForEmail(email, /invited/i);
  // The email says who invited the coach, as what, and how long the link works.
  expect(mail.text).toContain('Alex Morgan invited you to Ploom as a coach.');
  expect(mail.text).toContain('for 24 hours');
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)![0];
  const invitee = await withoutLastViews(
    await browser.newContext({ storageState: { cookies: [], origins: [] } }),
  );
  const coachPage = await invitee.newPage();
  await coachPage.goto(link);
  // A welcome, not a password reset.
  await coachPage.waitForURL('**/welcome**');
  await expect(
    coachPage.getByRole('heading', { level: 1, name: 'Welcome to Ploom, set your password' }),
  ).toBeVisible();
  await expect(coachPage.getByText(`Your account for ${email} is ready.`)).toBeVisible();
  await expectNoAxeViolations(coachPage);
  await coachPage.getByLabel('Password', { exact: true }).fill('coach-secret-2026');
  await coachPage.getByLabel('Confirm password').fill('coach-secret-2026');
  await coachPage.getByRole('button', { name: 'Set Password and Continue' }).click();
  await coachPage.waitForURL('**/admin');
  await expect(coachPage.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(coachPage.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await invitee.close();

  await page.reload();
  await page.getByLabel('Search by name or email').fill(surname);
  await expect(page.getByRole('row', { name: fullName })).toContainText('active');
});

test('flipping signup_enabled in settings changes an open landing page live, and is audited', async ({
  page,
  browser,
}) => {
  // No other spec signs anyone up while sign-up may be off here; it is on again afterwards.
  await whileSwitchingSignup(async () => {
    await page.goto('/admin/settings');
    const signup = page.getByRole('switch', { name: 'Sign-up open' });
    await expect(signup).toHaveAttribute('aria-checked', 'true');
    await expectNoAxeViolations(page);

    // A visitor's landing page, open beside the settings.
    const visitor = await withoutLastViews(
      await browser.newContext({ storageState: { cookies: [], origins: [] } }),
    );
    const landing = await visitor.newPage();
    await landing.goto('/waitlist');
    const nav = landing.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'Get Started' })).toBeVisible();

    await signup.click();
    await expect(signup).toHaveAttribute('aria-checked', 'false');
    await expect(nav.getByRole('link', { name: 'Join Waitlist' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
    // Kept: the settings page reloads with sign-up off.
    await page.reload();
    await expect(signup).toHaveAttribute('aria-checked', 'false');

    await signup.press('Space');
    await expect(signup).toHaveAttribute('aria-checked', 'true');
    await expect(nav.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await visitor.close();
  });

  await page.goto('/admin/audit-logs');
  await page.getByLabel('Action').selectOption('FLAG_UPDATED');
  // Other specs switch flags too (as the database owner): the demo admin's latest entry is this one.
  const latest = page.getByRole('row').filter({ hasText: 'admin@ploom.local' }).first();
  await expect(latest).toContainText('Alex Morgan');
  await expect(latest).toContainText('enabled: false → true');
  await expectNoAxeViolations(page);
});

test('the landing report shows each variant with its conversions, and the daily chart as a table too', async ({
  page,
}) => {
  await page.goto('/admin/report');
  await expect(page.getByRole('heading', { level: 1, name: 'Landing report' })).toBeVisible();
  const table = page.getByRole('table', {
    name: 'Visitors and conversions per landing variant and campaign',
  });
  const focus = table.getByRole('row', { name: /\/coaching focus_search/ });
  await expect(focus).toBeVisible();
  await expect(page.getByRole('img', { name: /Visitors and conversions per day/ })).toBeVisible();
  await page.getByText('Show the daily numbers as a table').click();
  await expect(page.getByRole('table', { name: 'Visitors and conversions per day' })).toBeVisible();
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolations(page);
});
