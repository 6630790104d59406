import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { adminDb } from '../support/stack.ts';

/**
 * /admin/families against the seeded stack: the demo coach sees the family of the child assigned
 * to them (Sam with Mia; not Leo, who has another coach, nor the other family), the demo admin every
 * family with its coaches and a coach filter kept in the URL.
 */

test.describe('as the demo coach', () => {
  test.use({ signedInAs: 'coach' });

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
  test.use({ signedInAs: 'admin' });

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

    await page.getByLabel('Coach', { exact: true }).selectOption({ label: 'Daniel Brooks' });
    await expect(page).toHaveURL(/\/admin\/families\?coach=c0000000-0000-4000-8000-000000000003$/);
    // (other suites may leave a family of their own with a parent named Priya)
    await expect(page.getByRole('heading', { name: "Priya's family" }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: "Sam's family" })).toHaveCount(0);

    // the filter is a link: back returns to every family, a reload keeps the filter
    await page.goBack();
    await expect(demoFamily).toHaveCount(1);
    await expect(page.getByLabel('Coach', { exact: true })).toHaveValue('');
    await page.goForward();
    await page.reload();
    await expect(page.getByLabel('Coach', { exact: true })).toHaveValue(
      'c0000000-0000-4000-8000-000000000003',
    );
    await expect(page.getByRole('heading', { name: "Sam's family" })).toHaveCount(0);
  });
});

test.describe('a family opens', () => {
  const PRIYA = 'a0000000-0000-4000-8000-000000000005';
  const DANIEL = 'c0000000-0000-4000-8000-000000000003';
  const suffix = Math.random().toString(36).slice(2, 10);
  const subscription = `sub_e2e_family_${suffix}`;
  const invoice = `in_e2e_family_${suffix}`;

  test.beforeAll(async () => {
    // The other family's plan, with a charge that failed and is still due.
    const db = await adminDb();
    try {
      await db.query(
        `insert into public.subscriptions (id, parent_id, stripe_customer_id, plan, stripe_price_id, status,
                                           stripe_created, last_event_at)
         values ($1, $2, 'cus_e2e_family', 'focused-progress', 'price_e2e', 'past_due', now(), now())`,
        [subscription, PRIYA],
      );
      await db.query(
        `insert into public.invoices (id, parent_id, subscription_id, status, currency, amount_due, amount_paid,
                                      payment_failed_at, stripe_created, last_event_at)
         values ($1, $2, $3, 'open', 'usd', 50000, 0, now(), now(), now())`,
        [invoice, PRIYA, subscription],
      );
    } finally {
      await db.end();
    }
  });
  test.afterAll(async () => {
    const db = await adminDb();
    try {
      await db.query('delete from public.invoices where id = $1', [invoice]);
      await db.query('delete from public.subscriptions where id = $1', [subscription]);
    } finally {
      await db.end();
    }
  });

  test.describe('as the demo admin', () => {
    test.use({ signedInAs: 'admin' });

    test('a failed payment shows in the list, and the family opens with its children, coach, sessions, consents and plan', async ({
      page,
    }) => {
      // Two axe runs over the family page, which holds each child's check-ins and practice too.
      test.setTimeout(60_000);
      await page.goto(`/admin/families?coach=${DANIEL}`);
      const open = page.locator(`a[href="/admin/families/${PRIYA}"]`);
      const card = page.getByRole('listitem').filter({ has: open });
      await expect(card).toContainText('Focused Progress · Past due');
      await expect(card.getByText('Payment failed')).toBeVisible();
      await expectNoAxeViolations(page);

      await open.click();
      await page.waitForURL(`**/admin/families/${PRIYA}`);
      await expect(page.getByRole('heading', { level: 1, name: "Priya's family" })).toBeVisible();
      const children = page.getByRole('region', { name: 'Children' });
      await expect(children.getByRole('listitem')).toHaveText([
        /^Arjun, \d+ · Focus: Improving Focus\s*Coach: Daniel Brooks\s*Change Arjun's coach$/,
      ]);
      const plan = page.getByRole('region', { name: 'Plan and payments' });
      await expect(plan).toContainText('Focused Progress');
      await expect(plan).toContainText('Past due');
      await expect(plan.getByText('Payment failed')).toBeVisible();
      const sessions = page.getByRole('region', { name: 'Sessions' });
      await expect(sessions.getByRole('list', { name: 'Past sessions' })).toContainText(
        'Arjun with Daniel Brooks · 30 minutes · Completed',
      );
      await expect(
        sessions.getByRole('list', { name: 'Upcoming sessions' }).getByRole('listitem').first(),
      ).toContainText('Arjun with Daniel Brooks');
      await expect(page.getByRole('region', { name: 'Parental consent' })).toContainText(
        'Arjun: signed by Priya Shah on',
      );
      await expectNoAxeViolations(page);

      // the Families section stays marked; back to the list
      await expect(
        page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Families' }),
      ).toHaveAttribute('aria-current', 'page');
      await page.getByRole('link', { name: '← All families' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Families' })).toBeVisible();
    });
  });

  test.describe('as the demo admin on a phone', () => {
    test.use({ signedInAs: 'admin', viewport: { width: 390, height: 844 } });

    test('the list and a family fit a 390 px screen', async ({ page }) => {
      const width = () => page.evaluate(() => document.documentElement.scrollWidth);
      await page.goto(`/admin/families?coach=${DANIEL}`);
      await expect(page.locator(`a[href="/admin/families/${PRIYA}"]`)).toBeVisible();
      expect(await width()).toBeLessThanOrEqual(390);
      await page.goto(`/admin/families/${PRIYA}`);
      await expect(page.getByRole('region', { name: 'Parental consent' })).toContainText('Priya Shah');
      expect(await width()).toBeLessThanOrEqual(390);
    });
  });

  test.describe('as the demo coach', () => {
    test.use({ signedInAs: 'coach' });

    test('opens their family with the child they coach; not another family', async ({ page }) => {
      await page.goto('/admin/families');
      await page.getByRole('link', { name: "Sam's family" }).click();
      await expect(page.getByRole('heading', { level: 1, name: "Sam's family" })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Children' }).getByRole('listitem')).toHaveText([
        /^Mia, \d+ · Focus: Managing Emotions, Improving Focus\s*Coach: Jordan Ellis$/,
      ]);
      await expect(page.getByRole('region', { name: 'Plan and payments' })).toContainText(
        'Plans and payments are for admins.',
      );
      await expectNoAxeViolations(page);

      await page.goto(`/admin/families/${PRIYA}`);
      await expect(page.getByText('This family is not one you coach.')).toBeVisible();
    });
  });
});
