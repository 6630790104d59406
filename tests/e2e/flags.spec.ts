import { expect, test, type Page } from '@playwright/test';
import { confirmationLink } from '../support/sign-up.ts';
import { adminDb, uniqueEmail } from '../support/stack.ts';
import { whileSwitchingSignup, withSignupOpen } from './support/signup-flag.ts';

// These tests change the one signup_enabled row: one at a time here, and apart from every other
// spec's sign-ups (./support/signup-flag.ts); it is enabled again after each.
test.describe.configure({ mode: 'serial' });

const nav = (page: Page) => page.getByRole('navigation').first();

test('the nav switches live between Login/Get Started and Join Waitlist as the flag changes', async ({
  page,
}) => {
  await whileSwitchingSignup(async (setSignupEnabled) => {
    await setSignupEnabled(true);
    await page.goto('/waitlist');
    await expect(nav(page).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(nav(page).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');

    await setSignupEnabled(false);
    await expect(nav(page).getByRole('link', { name: 'Join Waitlist' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Get Started' })).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'Login' })).toHaveCount(0);

    // Join Waitlist scrolls to the page's waitlist section.
    await nav(page).getByRole('link', { name: 'Join Waitlist' }).click();
    expect(new URL(page.url()).pathname).toBe('/waitlist');
    await expect(page.locator('#waitlist')).toBeInViewport();

    await setSignupEnabled(true);
    await expect(nav(page).getByRole('link', { name: 'Get Started' })).toBeVisible();
  });
});

test('sign-up is offered only while the flag is on', async ({ page }) => {
  await whileSwitchingSignup(async (setSignupEnabled) => {
    await setSignupEnabled(false);
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Sign-up is closed for now' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join the Waitlist' })).toHaveAttribute('href', '/waitlist');
    await expect(page.getByLabel('Password')).toHaveCount(0);

    await setSignupEnabled(true);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
  });
});

test('a parent signs up, confirms the email: profile from the metadata, parent role, login record, on to /app', async ({
  page,
}) => {
  const email = uniqueEmail('signup');
  await withSignupOpen(async () => {
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Newparent');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a-good-secret-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    // The address is confirmed first: the page says so, and the emailed link signs the parent in.
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
  });
  await page.goto(await confirmationLink(email));
  // A parent is sent to /app, which sends one with no child yet on to onboarding.
  await page.waitForURL(/\/app(\/onboarding)?$/);

  const db = await adminDb();
  try {
    const account = async () =>
      (
        await db.query(
          `select p.first_name, p.last_name, r.role,
                  (select count(*)::int from public.audit_logs a where a.actor_user_id = u.id and a.action = 'USER_LOGIN') as logins
             from auth.users u join public.profiles p on p.id = u.id join public.user_roles r on r.user_id = u.id
            where u.email = $1`,
          [email],
        )
      ).rows;
    // The login record is written by the page once it is signed in.
    await expect
      .poll(account)
      .toEqual([{ first_name: 'Nora', last_name: 'Newparent', role: 'parent', logins: 1 }]);
  } finally {
    await db.end();
  }
});

test('a failed sign-up shows the server message', async ({ page }) => {
  await withSignupOpen(async () => {
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Dup');
    await page.getByLabel('Last name').fill('Licate');
    await page.getByLabel('Email').fill('not-an-email');
    // Long enough for the form's own check: the address is what the server refuses.
    await page.getByLabel('Password').fill('a-good-secret-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Signup failed', { exact: true })).toBeVisible();
  });
});
