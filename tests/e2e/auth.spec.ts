import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { adminDb, uniqueEmail } from '../support/stack.ts';
import { waitForEmail } from '../support/inbox.ts';

async function query<T = Record<string, unknown>>(sql: string, params: unknown[]): Promise<T[]> {
  const db = await adminDb();
  try {
    return (await db.query(sql, params)).rows as T[];
  } finally {
    await db.end();
  }
}

const auditActions = async (userId: string) =>
  (
    await query<{ action: string; entity_type: string; entity_id: string }>(
      'select action, entity_type, entity_id from public.audit_logs where actor_user_id = $1 order by created_at',
      [userId],
    )
  ).map((r) => `${r.action} ${r.entity_type} ${r.entity_id === userId ? 'self' : r.entity_id}`);

test.describe('login and logout', () => {
  test('a parent logs in (one login record, last login set), sees My Dashboard, and logs out', async ({
    page,
    logIn,
    newParent,
  }) => {
    const account = await newParent({ firstName: 'Pat', lastName: 'Parent' });
    await logIn(account.email, account.password);
    await page.waitForURL('**/app');

    await expect.poll(() => auditActions(account.userId)).toEqual(['USER_LOGIN auth self']);
    // Written beside the login record, not after it.
    const lastLogin = async () =>
      (
        await query<{ last_login_at: Date | null }>(
          'select last_login_at from public.profiles where id = $1',
          [account.userId],
        )
      )[0]?.last_login_at ?? null;
    await expect.poll(lastLogin).not.toBeNull();
    expect(Date.now() - new Date((await lastLogin())!).getTime()).toBeLessThan(60_000);

    // The session persists across visits, and a restored session is not a new login.
    await page.goto('/waitlist');
    const nav = page.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/app');
    await page.reload();
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();

    await nav.getByRole('button', { name: 'Sign Out' }).click();
    // Signed out and sent home (whose top bar has no account links); a page with the site nav
    // offers the visitor's links again.
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
    await page.goto('/waitlist');
    await expect(
      nav.getByRole('link', { name: 'Login' }).or(nav.getByRole('link', { name: 'Join Waitlist' })),
    ).toBeVisible();
    await expect
      .poll(() => auditActions(account.userId))
      // One login only: the restored sessions above wrote nothing, and the logout comes after them.
      .toEqual(['USER_LOGIN auth self', 'USER_LOGOUT auth self']);
  });

  test("a wrong password shows 'Login failed' with the server's message", async ({
    page,
    logIn,
    newParent,
  }) => {
    const account = await newParent();
    await logIn(account.email, 'not-the-password');
    await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid login credentials', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  test('an admin goes to /admin and is offered no My Dashboard', async ({ page, logIn, newParent }) => {
    const account = await newParent({ firstName: 'Ada', lastName: 'Admin' });
    await query("insert into public.user_roles (user_id, role) values ($1, 'admin') on conflict do nothing", [
      account.userId,
    ]);
    await logIn(account.email, account.password);
    await page.waitForURL('**/admin');
    await page.goto('/waitlist');
    const nav = page.getByRole('navigation').first();
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'My Dashboard' })).toHaveCount(0);
  });

  test('the account pages have no accessibility violations', async ({ page }) => {
    for (const path of ['/login', '/forgot-password', '/reset-password']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
});

test.describe('password reset', () => {
  test('through the emailed link: new password, signed in, sent on by role', async ({
    page,
    logIn,
    newParent,
  }) => {
    const account = await newParent();
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(/If an account exists for/)).toBeVisible();

    const mail = await waitForEmail(account.email, /reset/i);
    const link = (mail.html.match(/href="([^"]*verify[^"]*)"/)?.[1] ?? '').replace(/&amp;/g, '&');
    expect(link).toContain('type=recovery');
    await page.goto(link);
    await page.waitForURL('**/reset-password**');
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-secret-7');
    await page.getByLabel('Confirm new password').fill('a-brand-new-secret-7');
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await expect(page.getByText('Password updated', { exact: true })).toBeVisible();
    // A parent is sent to /app, which sends one with no child yet on to onboarding.
    await page.waitForURL(/\/app(\/onboarding)?$/);

    // The new password works.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await logIn(account.email, 'a-brand-new-secret-7');
    // A parent is sent to /app, which sends one with no child yet on to onboarding.
    await page.waitForURL(/\/app(\/onboarding)?$/);
  });

  test('the same neutral answer for an unknown email', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(/If an account exists for/)).toBeVisible();
  });

  test('an expired link explains itself and offers a new one', async ({ page }) => {
    await page.goto(
      '/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
    await expect(page.getByText('Email link is invalid or has expired', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Send a New Link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
