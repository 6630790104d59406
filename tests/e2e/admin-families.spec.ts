import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { storageStateOf } from './support/roles.ts';

/**
 * /admin/families against the seeded stack: the demo coach sees the family of the child assigned
 * to them (Sam with Mia; not Leo, who has another coach, nor the other family), the demo admin every
 * family with its coaches and a coach filter kept in the URL.
 */

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

test.describe('as the demo coach', () => {
  test.use({ storageState: storageStateOf('coach') });

  test('sees their own family: the parent, the child assigned to them, age and focus areas', async ({
    page,
  }) => {
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Coach sections' })
      .getByRole('link', { name: 'Families' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Families' })).toBeVisible();
    const family = page.getByRole('list', { name: "Sam's children" });
    await expect(family.getByRole('listitem')).toHaveText([
      'Mia, 9 · Focus: Managing Emotions, Improving Focus',
    ]);
    await expect(page.getByText('Leo')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: "Priya's family" })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Filter families' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('as the demo admin', () => {
  test.use({ storageState: storageStateOf('admin') });

  test('sees every family with its coaches and filters by coach', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/admin/families');
    // Other suites leave families of their own (some with a parent named Sam): the demo family is
    // the one with both Leo and Mia.
    const demoFamily = page
      .getByRole('list', { name: "Sam's children" })
      .filter({ hasText: /Leo, \d+/ })
      .filter({ hasText: /Mia, \d+/ });
    await expect(demoFamily).toHaveCount(1);
    await expect(demoFamily.getByRole('listitem')).toHaveText([
      /^Leo, \d+ · Focus: Building Confidence · Coach: Maya Chen$/,
      /^Mia, \d+ · Focus: Managing Emotions, Improving Focus · Coach: Jordan Ellis$/,
    ]);
    await expect(page.getByRole('heading', { name: "Priya's family" }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Coach').selectOption({ label: 'Daniel Brooks' });
    await expect(page).toHaveURL(/\/admin\/families\?coach=c0000000-0000-4000-8000-000000000003$/);
    // (other suites may leave a family of their own with a parent named Priya)
    await expect(page.getByRole('heading', { name: "Priya's family" }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: "Sam's family" })).toHaveCount(0);

    // the filter is a link: back returns to every family, a reload keeps the filter
    await page.goBack();
    await expect(demoFamily).toHaveCount(1);
    await expect(page.getByLabel('Coach')).toHaveValue('');
    await page.goForward();
    await page.reload();
    await expect(page.getByLabel('Coach')).toHaveValue('c0000000-0000-4000-8000-000000000003');
    await expect(page.getByRole('heading', { name: "Sam's family" })).toHaveCount(0);
  });
});
