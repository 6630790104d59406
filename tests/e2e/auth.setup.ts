import { expect, test as setup } from '@playwright/test';
import { demoEmail, demoPassword, demoRoles, homeOf, storageStateOf } from './support/roles.ts';

/**
 * Signs each demo account in once, through the login page, and saves the browser's state: tests
 * that need a signed-in role start from it instead of logging in again.
 */
for (const role of demoRoles) {
  setup(`sign in as the demo ${role}`, async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(demoEmail(role));
    await page.getByLabel('Password').fill(demoPassword);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === homeOf[role]);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await page.context().storageState({ path: storageStateOf(role) });
  });
}
