import * as OTPAuth from 'otpauth';
import { adminDb } from '../support/stack.ts';
import { expect, expectNoAxeViolations, test, type NewAccount } from './support/fixtures.ts';

/**
 * Staff two-factor sign-in in the browser: a new coach sets up an authenticator app from
 * /admin/account (the code computed here from the key the page shows as text), and at the next
 * sign-in is asked for a code before the admin area shows anything.
 */

/** Makes a new account a coach (and nothing else), as an admin's change of roles does. */
async function asCoach(account: NewAccount): Promise<NewAccount> {
  const db = await adminDb();
  try {
    await db.query(`delete from public.user_roles where user_id = $1`, [account.userId]);
    await db.query(`insert into public.user_roles (user_id, role) values ($1, 'coach')`, [account.userId]);
  } finally {
    await db.end();
  }
  return account;
}

const codeFor = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

test('a coach turns on two-factor sign-in, then signs in with a code from the app', async ({
  page,
  logIn,
  newParent,
}) => {
  // Two sign-ins, an enrolment and two accessibility scans: longer than one screen's test.
  test.setTimeout(90_000);
  const coach = await asCoach(
    await newParent({ firstName: 'Morgan', lastName: `Mfa${Date.now().toString(36)}` }),
  );
  await logIn(coach.email, coach.password);
  await page.waitForURL('**/admin');

  await page
    .getByRole('navigation', { name: 'Coach sections' })
    .getByRole('link', { name: 'Account' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByText('No authenticator app is set up yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: /QR code for adding Ploom/ })).toBeVisible();
  const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page);

  await page.getByLabel('6-digit code').fill('000000' === codeFor(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByText('That code did not match.')).toBeVisible();
  await page.getByLabel('6-digit code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Two-factor sign-in is on.' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove Authenticator app/ })).toBeVisible();
  // Kept: after a reload the factor is listed.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Remove Authenticator app/ })).toBeVisible();
  await expect(page.getByText('No authenticator app is set up yet.')).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
  await logIn(coach.email, coach.password);
  // Back where they were (the login remembers the page), behind the code step.
  await page.waitForURL(/\/admin(\/account)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Coach sections' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByLabel('6-digit code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('navigation', { name: 'Coach sections' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toHaveCount(0);

  // The coach removes the app again; that is kept too.
  await page.goto('/admin/account');
  await page.getByRole('button', { name: /^Remove Authenticator app/ }).click();
  await expect(page.getByText('No authenticator app is set up yet.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No authenticator app is set up yet.')).toBeVisible();
});
