import type { Page } from '@playwright/test';
import { LAST_VIEW_KEY } from '../../src/lib/last-view-script.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * A signed-in screen opened again draws its last view from the device before any module loads,
 * inert and hidden from assistive technology, then gives way to the screen's own (decision 217).
 */

const keptViews = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key) ?? '', LAST_VIEW_KEY);

test.use({ keepLastViews: true });

test.describe('as the demo parent', () => {
  test.use({ signedInAs: 'parent' });

  test('/app opened again shows its last view at once, then its own screen', async ({ page }) => {
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 2, name: 'Mia' })).toBeVisible();
    await expect.poll(() => keptViews(page)).toContain('Mia');

    // Opened again with none of the app's code reachable: the last view is what the HTML draws.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/app');
    const view = page.locator('#last-view');
    await expect(view).toBeVisible();
    await expect(view).toContainText('Mia');
    await expect(view).toHaveAttribute('inert', '');
    await expect(page.locator('#root')).toBeHidden();
    // Nothing of it is offered to assistive technology, or to the keyboard.
    await expect(page.getByRole('heading', { name: 'Mia' })).toHaveCount(0);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#last-view') ?? null)).toBeNull();
    // A page whose code never comes does not stay inert: the view goes after a few seconds.
    await expect(view).toHaveCount(0, { timeout: 8000 });
    await expect(page.locator('#root')).toBeVisible();

    // With its code: the view, then the screen's own, and one <main> left.
    await page.unroute(/\/assets\/.*\.js$/);
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 2, name: 'Mia' })).toBeVisible();
    await expect(view).toHaveCount(0);
    await expect(page.locator('main')).toHaveCount(1);
  });
});

test.describe('as the demo child', () => {
  test.use({ signedInAs: 'child' });

  test('/child, which leads to the dashboard, opened again shows the dashboard at once', async ({ page }) => {
    await page.goto('/child');
    await page.waitForURL('**/child/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => keptViews(page)).toContain('"/child"');

    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/child');
    await expect(page.locator('#last-view main')).toBeVisible();
    await expect(page.locator('#last-view')).toContainText('Mia');
  });
});

test('signing out forgets every kept view', async ({ page, newParent, logIn }) => {
  const { email, password } = await newParent({ firstName: 'Vera' });
  await logIn(email, password);
  await page.waitForURL(/\/app(\/onboarding)?$/);
  await expect.poll(() => keptViews(page), { timeout: 15_000 }).not.toBe('');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL('**/login');
  await expect.poll(() => keptViews(page)).toBe('');
});
