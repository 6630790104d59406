import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts } from '../../scripts/demo-accounts.ts';
import { signedInClient } from '../support/stack.ts';

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

const demo = (role: 'admin' | 'coach' | 'parent' | 'child') =>
  demoAccounts.users.find((user) => user.role === role)!.email;

test('a signed-out visitor opening an admin page logs in and comes back to that page', async ({ page }) => {
  await page.goto('/admin/waitlist');
  await page.waitForURL('**/login');
  await logIn(page, demo('admin'), demoAccounts.password);
  await page.waitForURL('**/admin/waitlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
});

for (const [role, home, heading] of [
  ['admin', '/admin', 'Overview'],
  ['coach', '/admin', 'Overview'],
  ['parent', '/app', 'My Dashboard'],
  ['child', '/child/dashboard', 'My Dashboard'],
] as const) {
  test(`the demo ${role} lands on ${home} after logging in`, async ({ page }) => {
    await page.goto('/login');
    await logIn(page, demo(role), demoAccounts.password);
    await page.waitForURL(`**${home}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  });
}

test('a parent cannot enter the admin area and is offered their own', async ({ page }) => {
  const parent = await signedInClient();
  await page.goto('/login');
  await logIn(page, parent.email, parent.password);
  await page.waitForURL('**/app');
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: "This area isn't for your account" })).toBeVisible();
  await page.getByRole('link', { name: 'Go to My Area' }).click();
  await page.waitForURL('**/app');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
