import { expect, type Page } from '@playwright/test';

/** The landing variants and what the spec says each shows (SPEC §2, §9). */
export const landingVariants = [
  { path: '/', steadyGrowth: '$400', popular: 'Steady Growth', cta: '/quiz' },
  { path: '/coaching', steadyGrowth: '$375', popular: 'Steady Growth', cta: '/request-fit-call' },
  { path: '/coaching-home', steadyGrowth: '$350', popular: 'Focused Progress', cta: '/waitlist' },
  { path: '/pricing', steadyGrowth: '$350', popular: 'Focused Progress', cta: '/waitlist' },
  { path: '/coaching-v2', steadyGrowth: '$350', popular: 'Focused Progress', cta: '#contact-form' },
] as const;

export const planCard = (page: Page, plan: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: plan, exact: true }) });

/** Opens a page and waits until its lazily loaded route has rendered. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main h1')).toBeVisible();
}

export async function scrollWindowTo(page: Page, y: number) {
  // Repeat until it holds: a smooth scroll still under way would carry the page elsewhere.
  await expect
    .poll(() =>
      page.evaluate((top) => {
        window.scrollTo({ top, behavior: 'instant' });
        return Math.round(window.scrollY);
      }, y),
    )
    .toBe(y);
}

/**
 * A landing page's forms render once their section comes within a screen of the viewport, as a
 * visitor scrolls to them: brings each form section on the page into view, waits for its form, and
 * returns to the top.
 */
export async function revealForms(page: Page) {
  for (const id of ['contact-form', 'newsletter']) {
    const section = page.locator(`#${id}`);
    if (!(await section.count())) continue;
    await section.scrollIntoViewIfNeeded();
    await expect(section.locator('form')).toBeVisible();
  }
  await scrollWindowTo(page, 0);
}
