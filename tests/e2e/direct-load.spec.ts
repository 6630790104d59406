import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/**
 * A signed-in screen opened directly (typed, bookmarked, reloaded) starts its code, the session
 * check and its data side by side (src/app/direct-load.ts, decision 200), and a stored session that
 * has ended still ends at the login page with nothing of the person's data on screen.
 */
test.use({ signedInAs: 'parent' });

test("a direct load of /app asks for the dashboard's data before the role check has answered, and shows it", async ({
  page,
}) => {
  let dashboardAsked = false;
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/rpc/get_family_dashboard')) dashboardAsked = true;
  });
  // The role read is held until the dashboard's read has gone out (for 10 s at most): one after the
  // other, the dashboard would only be asked for once the role had come back.
  let dashboardBeforeRole: boolean | undefined;
  await page.route('**/rest/v1/user_roles*', async (route) => {
    const deadline = Date.now() + 10_000;
    while (!dashboardAsked && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    if (route.request().method() === 'GET') dashboardBeforeRole ??= dashboardAsked;
    await route.continue();
  });
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 2, name: 'Mia' })).toBeVisible();
  // The role is read again once the screen has drawn (decision 215): then, not before it.
  await expect.poll(() => dashboardBeforeRole, { timeout: 15_000 }).toBe(true);
});

/** Replaces the stored session with one whose access token has expired and whose refresh is refused. */
async function endStoredSession(page: Page) {
  await page.goto('/robots.txt');
  await page.evaluate(() => {
    const key = Object.keys(window.localStorage).find((name) => /^sb-.*-auth-token$/.test(name));
    if (!key) throw new Error('no stored session');
    const session = JSON.parse(window.localStorage.getItem(key)!) as Record<string, unknown>;
    const past = Math.floor(Date.now() / 1000) - 60;
    window.localStorage.setItem(
      key,
      JSON.stringify({ ...session, expires_at: past, refresh_token: 'ended-long-ago' }),
    );
  });
}

test('a stored session that has ended still ends at /login, with nothing of the family shown', async ({
  page,
}) => {
  await endStoredSession(page);
  const familyRows: string[] = [];
  page.on('response', async (response) => {
    if (!/\/rest\/v1\/(rpc\/get_family_dashboard|children|at_home_tools)/.test(response.url())) return;
    const body = await response.text().catch(() => '');
    if (body.includes('Mia')) familyRows.push(response.url());
  });
  await page.goto('/app');
  await page.waitForURL('**/login');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await expect(page.getByText('Mia')).toHaveCount(0);
  // What the screen started before the session check answered read nothing of the family.
  expect(familyRows).toEqual([]);
});
