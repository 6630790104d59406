import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { adminDb, signedInClient, uniqueEmail } from '../support/stack.ts';

/**
 * Roles on /admin/users as the demo admin: a child's login is offered no role (it holds the child
 * role alone), no account is offered the child role, and granting admin asks to confirm first;
 * deactivating an account asks too. Each change is still there after a reload.
 */

test.use({ signedInAs: 'admin' });
test.describe.configure({ timeout: 60_000 });

/** The account's row, found by a search; `shown` is how its row names it (a child login by its username). */
async function findAccount(page: Page, search: string, shown = search) {
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByLabel('Search by name or email').fill(search);
  await page.getByLabel('Search by name or email').press('Enter');
  const row = page.getByRole('row').filter({ hasText: shown });
  await expect(row).toHaveCount(1);
  return row;
}

test("a child's login is offered no role to grant, and its child role cannot be removed here", async ({
  page,
}) => {
  const row = await findAccount(page, 'mia', 'child login: mia');
  await expect(row.getByRole('list', { name: /^Roles of / })).toHaveText('Child');
  await expect(row.getByRole('combobox', { name: /^Grant a role to / })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Remove the Child role/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('granting admin asks to confirm; cancelling grants nothing, confirming grants it', async ({ page }) => {
  const email = uniqueEmail('e2e-role');
  const person = await signedInClient({ email, firstName: 'Robin', lastName: 'Rolecheck' });
  const row = await findAccount(page, email);
  const select = row.getByRole('combobox', { name: 'Grant a role to Robin Rolecheck' });
  // Roles this account does not hold, never the child role.
  await expect(select.getByRole('option')).toHaveText(['Grant a role…', 'Admin', 'Coach']);

  await select.selectOption('admin');
  const dialog = page.getByRole('dialog', { name: 'Make Robin Rolecheck an admin?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Admins read every family's data");
  await expectNoAxeViolations(page, { include: '[role="dialog"]' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('list', { name: 'Roles of Robin Rolecheck' })).toHaveText('Parent');

  const db = await adminDb();
  try {
    const roles = async () =>
      (
        await db.query<{ role: string }>(
          'select role::text from public.user_roles where user_id = $1 order by 1',
          [person.userId],
        )
      ).rows.map((r) => r.role);
    expect(await roles()).toEqual(['parent']);

    await select.selectOption('admin');
    await dialog.getByRole('button', { name: 'Grant admin role' }).click();
    await expect(page.getByText('Admin role granted to Robin Rolecheck', { exact: true })).toBeVisible();
    await expect(row.getByRole('list', { name: 'Roles of Robin Rolecheck' })).toContainText('Admin');
    expect(await roles()).toEqual(['admin', 'parent']);
    // Kept: after a reload the account is listed with both roles.
    await page.reload();
    await page.getByLabel('Search by name or email').fill(email);
    await page.getByLabel('Search by name or email').press('Enter');
    await expect(row.getByRole('list', { name: 'Roles of Robin Rolecheck' })).toContainText('Admin');
    await expect(row.getByRole('list', { name: 'Roles of Robin Rolecheck' })).toContainText('Parent');
  } finally {
    await db.query(`delete from public.user_roles where user_id = $1 and role = 'admin'`, [person.userId]);
    await db.end();
  }
});

test('deactivating asks to confirm; the account stays deactivated after a reload, then is reactivated', async ({
  page,
}) => {
  const email = uniqueEmail('e2e-active');
  await signedInClient({ email, firstName: 'Dana', lastName: 'Switchoff' });
  const row = await findAccount(page, email);
  await expect(row).toContainText('active');
  await row.getByRole('button', { name: 'Deactivate Dana Switchoff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate Dana Switchoff?' });
  await dialog.getByRole('button', { name: 'Deactivate account' }).click();
  await expect(page.getByText('Dana Switchoff deactivated', { exact: true })).toBeVisible();

  const search = async () => {
    await page.reload();
    await page.getByLabel('Search by name or email').fill(email);
    await page.getByLabel('Search by name or email').press('Enter');
  };
  await search();
  await expect(row).toContainText('deactivated');
  await row.getByRole('button', { name: 'Reactivate Dana Switchoff' }).click();
  await expect(page.getByText('Dana Switchoff reactivated', { exact: true })).toBeVisible();
  await search();
  await expect(row.getByRole('button', { name: 'Deactivate Dana Switchoff' })).toBeVisible();
});
