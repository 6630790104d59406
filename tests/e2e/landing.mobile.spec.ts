import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { landingVariants, open, revealForms, scrollWindowTo } from './landing-support.ts';

test.describe('landing variants on a phone', () => {
  test('/ : past 600 px the menu button and sticky CTA appear; a scroll link closes the menu', async ({
    page,
  }) => {
    await open(page, '/');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const sticky = page.getByTestId('sticky-cta');
    await expect(menuButton).toBeHidden();
    await expect(sticky).toBeHidden();
    await scrollWindowTo(page, 600);
    await expect(sticky).toBeHidden();

    await scrollWindowTo(page, 700);
    await expect(sticky).toBeVisible();
    await expect(sticky.getByRole('link')).toHaveAttribute('href', '/quiz');
    await menuButton.click();
    const menu = page.locator('#landing-menu');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: 'Testimonials' }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator('#testimonials')).toBeFocused();
    await expect(page.locator('#testimonials h2')).toBeInViewport();

    // Back at the top: the menu button and sticky CTA go away again.
    await scrollWindowTo(page, 0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(sticky).toBeHidden();
  });

  test('/coaching : the sticky CTA leads to the intro-call form', async ({ page }) => {
    await open(page, '/coaching');
    await scrollWindowTo(page, 1200);
    await page.getByTestId('sticky-cta').getByRole('link').click();
    await expect(page).toHaveURL(/\/request-fit-call$/);
  });

  test('site nav: the menu discloses the links and a link closes it', async ({ page }) => {
    await open(page, '/coaching-home');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const menu = page.locator('#site-nav-menu');
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'How It Works' }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator('#how-it-works h2')).toBeInViewport();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('/pricing : the comparison table fits a 320 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await open(page, '/pricing');
    const table = page.getByRole('table', { name: 'What each plan includes' });
    await table.scrollIntoViewIfNeeded();
    const fits = await table.evaluate((el) => el.scrollWidth <= (el.parentElement?.clientWidth ?? 0) + 1);
    expect(fits).toBe(true);
    const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(pageOverflow).toBe(false);
  });

  for (const variant of [...landingVariants, { path: '/coaches' }]) {
    test(`${variant.path}: axe finds nothing at phone width, menu open too`, async ({ page }) => {
      // axe over a long page on a throttled phone profile takes a while.
      test.setTimeout(90_000);
      await open(page, variant.path);
      await revealForms(page);
      await expectNoAxeViolations(page);
      await scrollWindowTo(page, 700);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expectNoAxeViolations(page);
    });
  }
});
