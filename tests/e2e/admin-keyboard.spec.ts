import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { anonClient, uniqueEmail } from '../support/stack.ts';
import { holding } from './support/locks.ts';

/**
 * The admin area by keyboard alone, as the demo admin: Tab reaches the sections and opens each
 * page, the booking dialog takes focus and gives it back on Escape, a lead's status changes, and an
 * overview figure opens the list it counts (and back returns). Every focused control shows a ring.
 */
test.use({ signedInAs: 'admin' });
// Many key presses on shared, loaded cores.
test.describe.configure({ timeout: 90_000 });

/** Presses Tab until `target` has the focus (as a person tabbing through the page would). */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The focused element draws a visible focus indicator (an outline of some width). */
async function expectFocusRing(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const outline = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
}

const SECTIONS: [string, string][] = [
  ['Overview', 'Overview'],
  ['Leads', 'Leads'],
  ['Sessions', 'Sessions'],
  ['Families', 'Families'],
  ['Availability', 'Availability'],
  ['Landing report', 'Landing report'],
  ['Users', 'Users'],
  ['Audit logs', 'Audit logs'],
  ['Settings', 'Settings'],
  ['Account', 'Account'],
];

test('Tab reaches the admin sections and Enter opens each page', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  for (const [link, heading] of SECTIONS) {
    const target = nav.getByRole('link', { name: link, exact: true });
    await tabTo(page, target);
    await expectFocusRing(target);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(target).toHaveAttribute('aria-current', 'page');
  }
});

test('the booking dialog takes the focus, Escape closes it and the focus returns to its button', async ({
  page,
}) => {
  await page.goto('/admin/sessions');
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();
  const book = page.getByRole('button', { name: 'Book a session' });
  await expect(book).toBeEnabled();
  await tabTo(page, book);
  await expectFocusRing(book);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Book a session' });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  // Tab stays inside the dialog (focus trap), whatever the number of presses.
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(book).toBeFocused();
});

test("a lead's status changes by keyboard", async ({ page }) => {
  const name = `Keyboard Lead ${randomUUID().slice(0, 8)}`;
  const { error } = await anonClient()
    .from('waitlist')
    .insert({ id: randomUUID(), name, email: uniqueEmail('e2e-keys'), consent: true, source: 'fit-call' });
  expect(error).toBeNull();

  await page.goto('/admin/waitlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  const search = page.getByLabel('Search by name or email');
  await tabTo(page, search);
  await expectFocusRing(search);
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  const open = page.getByRole('button', { name, exact: true });
  await expect(open).toBeVisible();
  await tabTo(page, open);
  await expectFocusRing(open);
  await page.keyboard.press('Enter');

  const details = page.getByRole('region', { name });
  const status = details.getByLabel('Status');
  await expect(status).toHaveValue('new');
  await tabTo(page, status);
  await expectFocusRing(status);
  await page.keyboard.press('ArrowDown');
  await expect(status).toHaveValue('contacted');
  const save = details.getByRole('button', { name: 'Save status' });
  await tabTo(page, save);
  await expectFocusRing(save);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Status updated', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('table').getByRole('row', { name: new RegExp(name) })).toContainText(
    'Contacted',
  );
});

test('an overview figure opens the list it counts, and back returns to the overview', async ({ page }) => {
  // Other specs book, end and remove sessions of this week (./support/locks.ts): none does while
  // the figure and the list are compared.
  const filters = page.getByRole('form', { name: 'Filter sessions' });
  await holding('sessions_this_week', 'alone', async () => {
    await page.goto('/admin');
    const figure = page.getByRole('link', { name: /Sessions this week, open the list/ });
    await tabTo(page, figure);
    await expectFocusRing(figure);
    const counted = Number((await figure.textContent())?.match(/^\d+/)?.[0]);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/sessions\?view=list&status=active&from=\d{4}-\d{2}-\d{2}&to=/);
    await expect(filters.getByLabel('Status')).toHaveValue('active');
    await expect(page.getByText(new RegExp(`· ${counted} sessions?$`))).toBeVisible();
  });
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await page.goForward();
  await expect(filters.getByLabel('Status')).toHaveValue('active');
});
