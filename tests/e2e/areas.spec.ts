import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { demoEmail, demoPassword, homeOf } from './support/roles.ts';

test('a signed-out visitor opening an admin page logs in and comes back to that page', async ({
  page,
  logIn,
}) => {
  await page.goto('/admin/waitlist');
  await page.waitForURL('**/login');
  await logIn(demoEmail('admin'), demoPassword, { fromCurrentPage: true });
  await page.waitForURL('**/admin/waitlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
});

for (const [role, heading] of [
  ['admin', 'Overview'],
  ['coach', 'Overview'],
  ['parent', 'My Dashboard'],
  ['child', 'Hi Mia!'],
] as const) {
  test(`the demo ${role} lands on ${homeOf[role]} after logging in`, async ({ page, logIn }) => {
    await logIn(demoEmail(role), demoPassword);
    await page.waitForURL(`**${homeOf[role]}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  });
}

test.describe('as the demo parent', () => {
  test.use({ signedInAs: 'parent' });

  test('cannot enter the admin area and is offered their own', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: "This area isn't for your account" })).toBeVisible();
    await page.getByRole('link', { name: 'Go to My Area' }).click();
    await page.waitForURL('**/app');
    // The parent's own dashboard, drawn (the refusal's heading is gone with its screen).
    await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('on a phone the sections open from a Menu button, by keyboard too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app');
    const sections = page.getByRole('navigation', { name: 'Parent sections' });
    const menu = sections.getByRole('button', { name: /^Menu/ });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(sections.getByRole('link', { name: 'Billing' })).toBeHidden();
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    // every section is within the phone's width
    for (const link of await sections.getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(sections.getByRole('link', { name: 'My Dashboard' })).toBeFocused();
    await sections.getByRole('link', { name: 'Billing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toContainText('Billing');
  });

  test("an area's screens are nested: the frame stays and the current section is marked", async ({
    page,
  }) => {
    await page.goto('/app');
    const sections = page.getByRole('navigation', { name: 'Parent sections' });
    await expect(sections.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await sections.getByRole('link', { name: 'Ploom Points' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ploom Points' })).toBeVisible();
    await expect(sections.getByRole('link', { name: 'Ploom Points' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(sections.getByRole('link', { name: 'My Dashboard' })).not.toHaveAttribute('aria-current');
  });
});

test.describe('as the demo coach', () => {
  test.use({ signedInAs: 'coach' });

  test('sees only the coach sections, and an admin-only page is refused', async ({ page }) => {
    await page.goto('/admin');
    // The header and the overview speak to a coach, not an admin.
    await expect(page.getByText('Coach · signed in as')).toBeVisible();
    await expect(page.getByText(/Admin · signed in as/)).toHaveCount(0);
    await expect(page).toHaveTitle(/^Overview · Coach/);
    await expect(page.getByText(/beta counter|conversions/i)).toHaveCount(0);
    await expect(page.getByText('the leads assigned to you', { exact: false })).toBeVisible();
    const sections = page.getByRole('navigation', { name: 'Coach sections' });
    await expect(sections.getByRole('link')).toHaveText([
      'Overview',
      'Leads',
      'Sessions',
      'Families',
      // the unread count, when there is one, follows the name
      /^Messages/,
      'My hours',
      'Account',
    ]);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: "This area isn't for your account" })).toBeVisible();
  });
});

test.describe('as the demo admin', () => {
  test.use({ signedInAs: 'admin' });

  test('sees every admin section', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByText('Admin · signed in as')).toBeVisible();
    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(sections.getByRole('link')).toHaveText([
      'Overview',
      'Leads',
      'Sessions',
      'Families',
      /^Messages/,
      'Availability',
      'Landing report',
      'Users',
      'Audit logs',
      'Settings',
      'Account',
    ]);
  });
});

test.describe('paths the areas do not know', () => {
  for (const [role, path] of [
    ['admin', '/admin/no-such-screen'],
    ['parent', '/app/no-such-screen'],
    ['child', '/child/no-such-screen'],
  ] as const) {
    test(`${path} says so inside the area's frame, as the demo ${role}`, async ({ pageAs }) => {
      const page = await pageAs(role);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    });
  }

  test.describe('as the demo child', () => {
    test.use({ signedInAs: 'child' });

    test("/child opens the child's dashboard", async ({ page }) => {
      await page.goto('/child');
      await page.waitForURL('**/child/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
});
