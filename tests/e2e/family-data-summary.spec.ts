import fs from 'node:fs/promises';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

/**
 * The family's data as a page a parent can open: the demo parent downloads the readable summary
 * from "Your data", opens it in the browser and reads each child, consent and session in words.
 */

test.use({ signedInAs: 'parent' });

test('the demo parent downloads a readable summary of the export and opens it', async ({ page }) => {
  test.setTimeout(60_000); // a download and an axe scan of a long page on shared cores
  await page.goto('/app/account');
  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: 'Your data' })
    .click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download readable summary (HTML)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ploom-family-data-\d{4}-\d{2}-\d{2}\.html$/);
  const html = await fs.readFile((await download.path())!, 'utf8');
  // No raw identifiers: a parent reads names, dates and words.
  expect(html).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);

  await page.setContent(html);
  await expect(page.getByRole('heading', { level: 1, name: "Your family's data at Ploom" })).toBeVisible();
  for (const child of ['Mia', 'Leo']) {
    await expect(page.getByRole('heading', { level: 2, name: child, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Child login: mia')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /^Parental consent/ }).first()).toBeVisible();
  await expect(page.getByText('Sam Rivera').first()).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 3, name: /^Sessions \(\d+ records?\)/ }).first(),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your account' })).toBeVisible();
  await expectNoAxeViolations(page);
});
