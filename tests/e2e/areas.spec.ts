import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoEmail, demoPassword, homeOf, storageStateOf } from './support/roles.ts';

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test('a signed-out visitor opening an admin page logs in and comes back to that page', async ({ page }) => {
  await page.goto('/admin/waitlist');
  await page.waitForURL('**/login');
  await logIn(page, demoEmail('admin'), demoPassword);
  await page.waitForURL('**/admin/waitlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
});

for (const [role, heading] of [
  ['admin', 'Overview'],
  ['coach', 'Overview'],
  ['parent', 'My Dashboard'],
  ['child', 'Hi Mia!'],
] as const) {
  test(`the demo ${role} lands on ${homeOf[role]} after logging in`, async ({ page }) => {
    await page.goto('/login');
    await logIn(page, demoEmail(role), demoPassword);
    await page.waitForURL(`**${homeOf[role]}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  });
}

test.describe('as the demo parent', () => {
  test.use({ storageState: storageStateOf('parent') });

  test('cannot enter the admin area and is offered their own', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: "This area isn't for your account" })).toBeVisible();
    await page.getByRole('link', { name: 'Go to My Area' }).click();
    await page.waitForURL('**/app');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
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
  test.use({ storageState: storageStateOf('coach') });

  test('sees only the coach sections, and an admin-only page is refused', async ({ page }) => {
    await page.goto('/admin');
    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(sections.getByRole('link')).toHaveText([
      'Overview',
      'Leads',
      'Sessions',
      'Families',
      'Account',
    ]);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: "This area isn't for your account" })).toBeVisible();
  });
});

test.describe('as the demo admin', () => {
  test.use({ storageState: storageStateOf('admin') });

  test('sees every admin section', async ({ page }) => {
    await page.goto('/admin');
    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(sections.getByRole('link')).toHaveText([
      'Overview',
      'Leads',
      'Sessions',
      'Families',
      'Landing report',
      'Users',
      'Audit logs',
      'Settings',
      'Account',
    ]);
  });
});
