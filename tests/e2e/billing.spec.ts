import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { adminDb } from '../support/stack.ts';

/**
 * The billing journey in Chromium against the local Stripe stand-in: a parent subscribes to Steady
 * Growth with the 4242 test card on the stand-in's hosted Checkout, sees the plan active with its
 * next charge, switches to Focused Progress, pauses, resumes, cancels, and downloads an invoice.
 * A family of its own (not the demo family), so no other test's bookings meet its weekly allowance.
 */

/** What the quiz recommended to this email, as the billing screen reads it. */
async function recommendPlan(email: string, recommendedPlan: string) {
  const db = await adminDb();
  try {
    await db.query(
      `insert into public.quiz_assessments (answers, scores, recommended_plan, email, email_consent_at)
       values ('{}', '{}', $1, $2, now())`,
      [recommendedPlan, email],
    );
  } finally {
    await db.end();
  }
}

async function confirmIn(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

test('a parent subscribes, switches plan, pauses, resumes, cancels and downloads an invoice', async ({
  page,
  logIn,
  newParent,
}) => {
  test.setTimeout(90_000);
  const parent = await newParent({ firstName: 'Bea', lastName: 'Billing' });
  await recommendPlan(parent.email, 'focused-progress');
  await logIn(parent.email, parent.password);
  await page.waitForURL((url) => url.pathname === '/app');
  await page.goto('/app/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a plan' })).toBeVisible();
  await expect(page.getByText(/We are in beta: we are welcoming our first \d+ families/)).toBeVisible();
  const focused = page.getByRole('listitem', { name: 'Focused Progress' });
  await expect(focused.getByText('Recommended by your quiz')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Steady Growth' }).getByText('$350')).toBeVisible();
  await expectNoAxeViolations(page);

  // Stripe Checkout (the stand-in's hosted page), the 4242 test card
  await page.getByRole('button', { name: 'Choose Steady Growth' }).click();
  // The billing function's first call starts its Deno worker and asks Stripe: allow it time.
  await page.waitForURL((url) => url.pathname.startsWith('/c/pay/'), { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Subscribe to Steady Growth' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Bea Billing');
  await page.getByRole('button', { name: 'Subscribe' }).click();

  await page.waitForURL((url) => url.pathname === '/app/billing', { timeout: 30_000 });
  await expect(page.getByRole('status').getByText('Thank you: your plan is active.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('current-plan')).toHaveText(
    'Steady Growth · 1 session a week for your family',
  );
  await expect(page.getByTestId('plan-status')).toHaveText('Active');
  await expect(page.getByTestId('next-charge')).toHaveText(/^\$350\.00 on [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(page.getByTestId('card-on-file')).toHaveText('Visa ending in 4242, expires 12/2034');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Change plan' }).click();
  await page.getByLabel('New plan').selectOption('focused-progress');
  await expectNoAxeViolations(page);
  await confirmIn(page, 'Change your plan', 'Switch plan');
  await expect(page.getByRole('status').getByText('Your plan is now Focused Progress.')).toBeVisible();
  await expect(page.getByTestId('current-plan')).toHaveText(
    'Focused Progress · 2 sessions a week for your family',
  );
  // As the dialog said: the next charge adds the difference for the rest of the month (about $300).
  await expect(page.getByTestId('next-charge')).toHaveText(
    /^\$9[4-5]\d\.\d\d on [A-Z][a-z]+ \d{1,2}, \d{4}$/,
  );
  await expect(page.getByTestId('next-charge-proration')).toHaveText(
    /^Includes \$(29\d\.\d\d|300\.00) for your change of plan, for the rest of this month\.$/,
  );
  await page.reload();
  await expect(page.getByTestId('next-charge')).toHaveText(/^\$9[4-5]\d\.\d\d on /);

  await page.getByRole('button', { name: 'Pause plan' }).click();
  await confirmIn(page, 'Pause your plan?', 'Pause plan');
  await expect(page.getByTestId('plan-status')).toHaveText('Paused');
  await expect(page.getByTestId('next-charge')).toHaveText('None while paused');

  await page.getByRole('button', { name: 'Resume plan' }).click();
  await confirmIn(page, 'Resume your plan?', 'Resume plan');
  await expect(page.getByTestId('plan-status')).toHaveText('Active');

  // The card on file is replaced through Stripe's portal, and the page shows the new one.
  await page.getByRole('button', { name: 'Replace card' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/p/session/'), { timeout: 30_000 });
  await page.getByLabel('Card number').fill('5555 5555 5555 4444');
  await page.getByLabel('Expiry (MM / YY)').fill('11 / 33');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Bea Billing');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('status')).toHaveText('Card saved. Any unpaid invoice has been paid.');
  await page.getByRole('link', { name: '← Return to Ploom' }).click();
  await page.waitForURL((url) => url.pathname === '/app/billing');
  await expect(page.getByTestId('card-on-file')).toHaveText('Mastercard ending in 4444, expires 11/2033');

  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await confirmIn(page, 'Cancel your plan?', 'Cancel plan');
  await expect(page.getByTestId('plan-status')).toHaveText(/^Ends on [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(page.getByRole('button', { name: 'Keep my plan' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The first invoice: paid, and its PDF downloads.
  const invoices = page.getByRole('table', { name: 'Invoices, newest first' });
  const paid = invoices.getByRole('row').filter({ hasText: '$350.00' });
  await expect(paid).toContainText('Paid');
  const downloading = page.waitForEvent('download');
  await paid.getByRole('link', { name: /^Download invoice/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Invoice-.+\.pdf$/);
  const file = await download.path();
  expect((await fs.readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a failed renewal: the parent sees a plain message and Update card; admins see it at a glance', async ({
  page,
  logIn,
  newParent,
  pageAs,
}) => {
  test.setTimeout(90_000);
  const { email, password, userId } = await newParent({ firstName: 'Fay', lastName: 'Failed' });
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const db = await adminDb();
  try {
    // The rows the webhook writes for a renewal whose charge failed yesterday.
    await db.query(`insert into public.billing_customers (parent_id, stripe_customer_id) values ($1, $2)`, [
      userId,
      `cus_e2e${suffix}`,
    ]);
    await db.query(
      `insert into public.subscriptions (id, parent_id, stripe_customer_id, plan, stripe_price_id, status,
         current_period_start, current_period_end, stripe_created, last_event_at)
       values ($1, $2, $3, 'steady-growth', 'price_e2e', 'past_due', now(), now() + interval '30 days',
         now() - interval '31 days', now())`,
      [`sub_e2e${suffix}`, userId, `cus_e2e${suffix}`],
    );
    await db.query(
      `insert into public.invoices (id, parent_id, subscription_id, number, status, currency, amount_due, amount_paid,
         payment_failed_at, stripe_created, last_event_at)
       values ($1, $2, $3, 'E2E-0002', 'open', 'usd', 35000, 0, now() - interval '1 day', now() - interval '1 day', now())`,
      [`in_e2e${suffix}`, userId, `sub_e2e${suffix}`],
    );
  } finally {
    await db.end();
  }
  await logIn(email, password);
  await page.waitForURL((url) => url.pathname === '/app');
  await page.goto('/app/billing');
  await expect(page.getByRole('heading', { name: 'Your last payment didn’t go through' })).toBeVisible();
  await expect(page.getByText(/Your card was declined or has expired/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update card' })).toBeVisible();
  await expect(page.getByTestId('plan-status')).toHaveText('Payment failed');
  await expectNoAxeViolations(page);

  const adminPage = await pageAs('admin');
  await adminPage.goto('/admin/users');
  await adminPage.getByRole('searchbox', { name: 'Search by name or email' }).fill(email);
  const row = adminPage.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Steady Growth');
  await expect(row).toContainText('Past due');
  await expect(row.getByText('Payment failed')).toBeVisible();
  await expectNoAxeViolations(adminPage);
});
