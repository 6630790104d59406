import { expect, test, type Page } from '@playwright/test';
import { variants } from '../../src/content/variants.ts';
import { landingVariants } from './landing-support.ts';

/**
 * The public pages are prerendered at build time and hydrated: the HTML alone shows the page,
 * React attaches to it without re-rendering it, and a navigation to a page whose module is still
 * loading shows "Loading...".
 */
const heroTitles: Record<string, string> = {
  '/': variants.home.hero.title,
  '/coaching': variants.coaching.hero.title,
  '/coaching-home': variants['coaching-home'].hero.title,
  '/pricing': variants.pricing.hero.title,
  '/coaching-v2': variants['coaching-v2'].hero.title,
};

const contentPages = ['/about', '/programs', '/faq', '/contact', '/privacy', '/terms', '/waitlist'];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const variant of landingVariants) {
    test(`${variant.path}: the HTML has the hero, the prices and the badge`, async ({ page }) => {
      const response = await page.goto(variant.path);
      expect(response?.status()).toBe(200);
      const html = (await response?.text()) ?? '';
      expect(html).toContain('data-prerendered');
      // Every part inline: no content held back for a script to reveal (React's streamed segments).
      expect(html).not.toMatch(/<template id="B:|<div hidden id="S:/);
      await expect(page.locator('main h1')).toHaveText(heroTitles[variant.path]);
      await expect(page.getByTestId('plan-price')).toHaveText([variant.steadyGrowth, '$650', '$900'], {
        useInnerText: true,
      });
      await expect(page.getByText('Most Popular', { exact: true })).toHaveCount(1);
      await expect(page).toHaveTitle(/Ploom/);
    });
  }

  test('/request-fit-call: the HTML has the heading, the form and the reassurance tiles', async ({
    page,
  }) => {
    await page.goto('/request-fit-call');
    await expect(page.locator('main h1')).toHaveText("Let's talk about your child");
    await expect(page.getByLabel("Parent's name")).toBeVisible();
    for (const tile of ['15 min', '24 hrs', '0 pressure']) {
      await expect(page.getByText(tile, { exact: true })).toBeVisible();
    }
  });

  for (const path of contentPages) {
    test(`${path}: the HTML has the page's heading and its own title`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page).not.toHaveTitle('Ploom — 1:1 coaching for kids 7-12 and their parents');
    });
  }

  test('an unknown path gets the 404 page with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
  });

  test('a signed-in area gets the app shell, which reads Loading...', async ({ page }) => {
    const response = await page.goto('/admin/sessions');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('status')).toHaveText('Loading...');
  });
});

/** Console errors and page errors of a page (failed network requests aside). */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (!['error', 'warning'].includes(message.type())) return;
    if (message.text().startsWith('Failed to load resource')) return;
    errors.push(message.text());
  });
  return errors;
}

/** Resolves once React has hydrated the page's heading (its fiber is attached to the node). */
async function waitForHydration(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const heading = document.querySelector('main h1');
        return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
      }),
    )
    .toBe(true);
}

test.describe('hydration', () => {
  for (const path of [...landingVariants.map((v) => v.path), '/request-fit-call', ...contentPages]) {
    test(`${path}: hydrates the prerendered HTML in place, with no warning`, async ({ page }) => {
      const errors = collectErrors(page);
      // Remember the heading the browser painted from the HTML, before any script ran.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { paintedHeading: Element | null }).paintedHeading =
            document.querySelector('main h1');
        });
      });
      await page.goto(path);
      await waitForHydration(page);
      // The same node: React adopted the HTML rather than replacing it (a mismatch re-renders it).
      expect(
        await page.evaluate(
          () =>
            document.querySelector('main h1') ===
            (window as unknown as { paintedHeading: Element | null }).paintedHeading,
        ),
      ).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    });
  }

  test('/coaching with an intro-call link token in its fragment: hydrates in place, then offers the booking', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const token = 'a'.repeat(64);
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const w = window as unknown as { paintedHeading: Element | null; paintedOffer: boolean };
        w.paintedHeading = document.querySelector('main h1');
        w.paintedOffer = document.body.innerText.includes('Pick your intro call time now');
      });
    });
    await page.goto(`/coaching#intro-call-token=${token}`);
    await waitForHydration(page);
    const offer = page.getByRole('region', { name: 'Pick your intro call time now' });
    await expect(offer.getByRole('link', { name: 'See open times' })).toHaveAttribute(
      'href',
      `/intro-call#token=${token}`,
    );
    // none of it in the HTML; the heading painted from it is the one React adopted
    expect(
      await page.evaluate(() => {
        const w = window as unknown as { paintedHeading: Element | null; paintedOffer: boolean };
        return { offer: w.paintedOffer, same: document.querySelector('main h1') === w.paintedHeading };
      }),
    ).toEqual({ offer: false, same: true });
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('/: a section far below the fold hydrates only as the visitor scrolls toward it', async ({ page }) => {
    const errors = collectErrors(page);
    const hydrated = (selector: string) =>
      page.evaluate(
        (css) =>
          Object.keys(document.querySelector(css) ?? {}).some((key) => key.startsWith('__reactFiber$')),
        selector,
      );
    await page.goto('/');
    await waitForHydration(page);
    // The section's code has arrived and the page is idle: only its place on the page holds it back.
    await page.waitForTimeout(1000);
    expect(await hydrated('#testimonials')).toBe(false);
    await expect(page.locator('#testimonials')).toContainText('Families feel the difference');

    await page.locator('#testimonials').scrollIntoViewIfNeeded();
    await expect.poll(() => hydrated('#testimonials')).toBe(true);
    // Hydrated, so the carousel answers.
    await page.getByRole('button', { name: 'Show testimonial 3 of 4' }).click();
    await expect(page.getByRole('button', { name: 'Show testimonial 3 of 4' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(errors).toEqual([]);
  });

  test('/coaching-v2: a FAQ question tapped before its code has arrived opens once it has', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    // A slow network for the FAQ's code: everything else on the page loads and runs meanwhile
    // (the auth client's first check, the live sign-up flag), and the FAQ must still hydrate.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/faq-section-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const flagSocket = page.waitForEvent('websocket');
    await page.goto('/coaching-v2');
    await waitForHydration(page);
    await flagSocket;
    await page.waitForTimeout(500);
    const question = page.getByRole('button', { name: 'Who is Ploom coaching for?' });
    const serverId = await question.getAttribute('id');
    await question.click();
    release();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/Children aged 7-12 and their parents/)).toBeVisible();
    // Hydrated, not drawn again on the client (which would have lost the tap).
    expect(await question.getAttribute('id')).toBe(serverId);
    expect(errors).toEqual([]);
  });

  test("/request-fit-call: the page is interactive before the form's code arrives, and the form works once it has", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/fit-call-form-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/request-fit-call');
    await waitForHydration(page);
    // The form is on screen from the HTML, its fields disabled until its code runs.
    const name = page.getByLabel("Parent's name");
    await expect(name).toBeVisible();
    await expect(name).toBeDisabled();
    // The rest of the page is React's already: the Back link navigates in the app.
    const back = page.getByRole('link', { name: 'Back' });
    expect(await back.evaluate((node) => Object.keys(node).some((k) => k.startsWith('__reactFiber$')))).toBe(
      true,
    );
    release();
    await expect(name).toBeEnabled();
    await name.fill('Sam Rivera');
    await page.getByRole('button', { name: 'Request My Free Intro Call' }).click();
    // Validated by the form's own code: the empty email is reported, and what was typed stays.
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveValue('Sam Rivera');
    expect(errors).toEqual([]);
  });

  test('/ reloaded below the fold: the top bar is opaque and the sticky call-to-action shows', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('header[data-opaque]')).toHaveAttribute('data-opaque', 'true');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
    expect(errors).toEqual([]);
  });
});

test.describe('route modules', () => {
  test('a navigation to a page still loading shows Loading..., then the page', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    // A slow network for the privacy page's module.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/privacy-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('status')).toHaveText('Loading...');
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test("a link's page module loads when the link is hovered, before any click", async ({ page }) => {
    await page.goto('/pricing');
    await waitForHydration(page);
    const moduleRequest = page.waitForRequest(/\/assets\/brand-guidelines-[\w-]+\.js$/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Brand Guidelines' }).hover();
    await moduleRequest;
  });

  test("a link on screen has its page's files fetched once the page is idle, ahead of any click", async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const map = (await (await page.request.get('/route-modules.json')).json()) as Record<string, string[]>;
    // The hero's assessment link is on screen: the quiz page's files are fetched, not run.
    await expect(page.getByRole('link', { name: /Assessment|Quiz/ }).first()).toBeInViewport();
    expect(map['/quiz'].length).toBeGreaterThan(0);
    for (const file of map['/quiz']) {
      await expect(page.locator(`head link[rel="modulepreload"][href="${file}"]`)).toHaveCount(1);
    }
    // A page nothing on screen links to is left alone.
    await expect(
      page.locator(`head link[rel="modulepreload"][href="${map['/brand-guidelines'][0]}"]`),
    ).toHaveCount(0);
  });

  test('a deep link into a signed-in area loads the app and asks to log in', async ({ page }) => {
    await page.goto('/admin/sessions');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
