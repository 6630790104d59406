import fs from 'node:fs/promises';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { holding } from './support/locks.ts';

/**
 * The family's account in Chromium: a fresh parent edits their name, downloads the family's data,
 * deletes the account and can no longer sign in; the demo parent gives points and sees the
 * leaderboard. Axe on every page.
 */

test.describe('a fresh parent', () => {
  test('edits their name, downloads the export, deletes the account and cannot sign in again', async ({
    page,
    logIn,
    newParent,
  }) => {
    // A long journey: sign-in, three tabs with axe scans, a download, a deletion, a sign-in attempt.
    test.setTimeout(120_000);
    const { email, password } = await newParent({ firstName: 'Robin', lastName: 'Tester' });

    await logIn(email, password);
    await page.waitForURL(/\/app/);
    await page.goto('/app/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Account sections' });
    await expect(tabs.getByRole('link', { name: 'Children' })).toHaveAttribute(
      'href',
      '/app/account/children',
    );
    await expect(page.getByLabel('First name')).toHaveValue('Robin');
    await expectNoAxeViolations(page);

    await page.getByLabel('First name').fill('Rowan');
    await page.getByLabel(/Contact phone/).fill('+44 20 7946 0000');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Your details are saved', { exact: true })).toBeVisible();
    await expect(page.getByText(/signed in as/)).toContainText('Rowan');
    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Rowan');
    await expect(page.getByLabel(/Contact phone/)).toHaveValue('+44 20 7946 0000');

    await tabs.getByRole('link', { name: 'Notifications' }).click();
    await expect(page.getByLabel(/Session reminders/)).toBeChecked();
    await expectNoAxeViolations(page);
    // An email choice is kept: after a reload the box is as saved.
    await page.getByLabel("Your coach's weekly update").uncheck();
    await page.getByLabel(/invitation to each child's check-in/).uncheck();
    await page.getByRole('button', { name: 'Save email choices' }).click();
    await expect(page.getByText('Email choices saved', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(/Session reminders/)).toBeChecked();
    await expect(page.getByLabel("Your coach's weekly update")).not.toBeChecked();
    await expect(page.getByLabel(/invitation to each child's check-in/)).not.toBeChecked();

    await tabs.getByRole('link', { name: 'Your data' }).click();
    await expectNoAxeViolations(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download data (JSON)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^ploom-family-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await fs.readFile((await download.path())!, 'utf8')) as {
      format: string;
      account: { email: string };
      tables: { profiles: { first_name: string; phone: string }[] };
    };
    expect(exported.format).toBe('ploom-family-data');
    expect(exported.account.email).toBe(email);
    expect(exported.tables.profiles).toEqual([
      expect.objectContaining({ first_name: 'Rowan', phone: '+44 20 7946 0000' }),
    ]);

    const deleteButton = page.getByRole('button', { name: /Delete my account/ });
    await deleteButton.click();
    await expect(page.getByText('Type DELETE to confirm.')).toBeVisible();
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await deleteButton.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByText('Your account is deleted', { exact: true })).toBeVisible();

    await logIn(email, password);
    await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid login credentials', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('the demo parent', () => {
  test.use({ signedInAs: 'parent' });

  test('gives Mia a point for practice at home and sees the leaderboard', async ({ page }) => {
    test.setTimeout(90_000); // two pages, each with an axe scan
    const reason = `Calm breathing ${Date.now().toString(36)}`;
    await page.goto('/app/ploom-points');
    const mia = page.getByRole('region', { name: 'Mia' });
    await expect(mia).toBeVisible();
    await expect(mia.getByText('Pick the Friday film')).toBeVisible();
    await expectNoAxeViolations(page);

    const form = mia.getByRole('form', { name: 'Award points to Mia' });
    await form.getByLabel('Points').fill('1');
    await form.getByLabel('What for').fill(reason);
    await holding('mia_points', 'alone', async () => {
      await form.getByRole('button', { name: 'Give points' }).click();
      await expect(mia.getByRole('listitem').filter({ hasText: reason })).toContainText('+1', {
        timeout: 15_000,
      });
    });
    // Kept: a reload still lists it.
    await page.reload();
    await expect(mia.getByRole('listitem').filter({ hasText: reason })).toContainText('+1');

    await page.goto('/app/leaderboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
    // The family opts Mia in (out first, if an earlier run on this stack left her in: the box
    // follows the saved state); each choice is kept after a reload.
    const optIn = page.getByLabel('Mia');
    const miaRow = page.getByRole('row', { name: /Mia.*your family/ });
    await expect(optIn).toBeEnabled();
    if (await optIn.isChecked()) {
      await optIn.click();
      await expect(miaRow).toHaveCount(0);
      await page.reload();
      await expect(optIn).toBeEnabled();
      await expect(optIn).not.toBeChecked();
    }
    await optIn.click();
    await expect(optIn).toBeChecked();
    await expect(miaRow).toBeVisible();
    await page.reload();
    await expect(optIn).toBeChecked();
    await expect(miaRow).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
