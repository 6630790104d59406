import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { landingVariants, open, planCard, revealForms, scrollWindowTo } from './landing-support.ts';

test.describe('landing variants', () => {
  for (const variant of landingVariants) {
    test(`${variant.path}: prices, Most Popular badge and plan buttons`, async ({ page }) => {
      await open(page, variant.path);
      await expect(planCard(page, 'Steady Growth').getByTestId('plan-price')).toHaveText(
        variant.steadyGrowth,
      );
      await expect(planCard(page, 'Focused Progress').getByTestId('plan-price')).toHaveText('$650');
      await expect(planCard(page, 'Intensive Momentum').getByTestId('plan-price')).toHaveText('$900');
      await expect(page.getByText('Most Popular', { exact: true })).toHaveCount(1);
      await expect(planCard(page, variant.popular).getByText('Most Popular', { exact: true })).toBeVisible();
      for (const plan of ['Steady Growth', 'Focused Progress', 'Intensive Momentum']) {
        await expect(planCard(page, plan).getByRole('link')).toHaveAttribute('href', variant.cta);
      }
      await expect(
        page.getByText('Monthly plans can be cancelled or paused at any time.').first(),
      ).toBeVisible();
    });

    test(`${variant.path}: own title and share image; axe finds nothing`, async ({ page }) => {
      await open(page, variant.path);
      await expect(page).toHaveTitle(/Ploom/);
      const image = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(image).toMatch(/\/og-[\w-]+\.png$/);
      const response = await page.request.get(image!);
      expect(response.ok()).toBe(true);
      expect(response.headers()['content-type']).toContain('image/png');
      await revealForms(page);
      await expectNoAxeViolations(page);
    });
  }

  test('/ : hero, sections, and every main button leads to the quiz', async ({ page }) => {
    await open(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Steadier Kids. Calmer Homes. Starting Now.',
    );
    for (const skill of ['Emotional Regulation', 'Confidence', 'Focus', 'Connection']) {
      await expect(page.getByRole('heading', { name: skill, exact: true })).toBeVisible();
    }
    for (const scenario of ['Bedtime', 'Homework', '“I can’t do this”']) {
      await expect(page.getByRole('heading', { name: scenario, exact: true })).toBeVisible();
    }
    for (const stat of ['92%', '87%', '100%'])
      await expect(page.getByText(stat, { exact: true })).toBeVisible();
    await expect(page.getByText('report calmer home')).toBeVisible();
    await expect(page.getByText('improved focus', { exact: true })).toBeVisible();
    await expect(page.getByText('coach trust')).toBeVisible();
    await page.locator('#newsletter').scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();

    const quizLinks = page.getByRole('link', { name: /Assessment|Quiz/ });
    expect(await quizLinks.count()).toBeGreaterThanOrEqual(4);
    for (const href of await quizLinks.evaluateAll((links) => links.map((l) => l.getAttribute('href')))) {
      expect(href).toBe('/quiz');
    }
    await page.getByRole('link', { name: 'Take the Free 5-Minute Assessment' }).first().click();
    await expect(page).toHaveURL(/\/quiz$/);
  });

  test('/coaching : intro-call wording; its buttons lead to /request-fit-call', async ({ page }) => {
    await open(page, '/coaching');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Steadier Kids. Calmer Homes. Starting Now.',
    );
    // Every button of the page (the footer's site links aside).
    const buttons = page.locator('header, main, [data-testid="sticky-cta"]');
    const introLinks = buttons.getByRole('link', { name: /Intro Call/ });
    expect(await introLinks.count()).toBeGreaterThanOrEqual(4);
    for (const href of await introLinks.evaluateAll((links) => links.map((l) => l.getAttribute('href')))) {
      expect(href).toBe('/request-fit-call');
    }
    await expect(buttons.getByRole('link', { name: /Assessment|Quiz/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'Book Intro Call' }).click();
    await expect(page).toHaveURL(/\/request-fit-call$/);
  });

  test('/coaching-home : waitlist and pricing buttons, coaches, banner', async ({ page }) => {
    await open(page, '/coaching-home');
    await expect(page.getByText('Now enrolling our first 1:1 Coaching families')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Meet a few of our coaches' })).toBeVisible();
    await expect(page.locator('#coaches li h3')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Meet all our coaches' })).toHaveAttribute(
      'href',
      '/coaches',
    );
    await page.getByRole('main').getByRole('link', { name: 'See Plans & Pricing' }).first().click();
    await expect(page).toHaveURL(/\/pricing$/);
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'Join the Waitlist' }).first().click();
    await expect(page).toHaveURL(/\/waitlist$/);
  });

  test('/pricing : beta banner, plan buttons to the waitlist, comparison table', async ({ page }) => {
    await open(page, '/pricing');
    await expect(page.getByText(/first 25 families/).first()).toBeVisible();
    const table = page.getByRole('table', { name: 'What each plan includes' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Feature',
      'Steady Growth',
      'Focused Progress',
      'Intensive Momentum',
    ]);
    await expect(table.getByRole('row', { name: /Progress reports/ }).getByRole('cell')).toHaveText([
      'Not included',
      'Monthly',
      'Weekly',
    ]);
    await expect(table.getByRole('row', { name: /Priority scheduling/ }).getByRole('cell')).toHaveText([
      'Not included',
      'Included',
      'Included',
    ]);
    await expect(table.getByRole('row', { name: /Custom family plan/ }).getByRole('cell')).toHaveText([
      'Not included',
      'Yes',
      'Deep',
    ]);
    await planCard(page, 'Intensive Momentum').getByRole('link', { name: 'Join the Waitlist' }).click();
    await expect(page).toHaveURL(/\/waitlist$/);
  });

  test('/coaching-v2 : the FAQ opens one answer at a time; the hero button brings the form into view', async ({
    page,
  }) => {
    await open(page, '/coaching-v2');
    const first = page.getByRole('button', { name: 'Who is Ploom coaching for?' });
    const second = page.getByRole('button', { name: 'What happens in a session?' });
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/Children aged 7-12 and their parents/)).toBeVisible();
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(/Children aged 7-12 and their parents/)).toBeHidden();
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'false');

    await scrollWindowTo(page, 0);
    const form = page.locator('#contact-form form');
    await page.getByRole('link', { name: 'Get Your Free Consultation' }).first().click();
    await expect(form).toBeInViewport();
    const focusedInForm = await page.evaluate(() => {
      const active = document.activeElement;
      return (
        !!active && !!active.closest('#contact-form form') && /INPUT|SELECT|TEXTAREA/.test(active.tagName)
      );
    });
    expect(focusedInForm).toBe(true);
  });

  test('/ top bar: transparent at the top, opaque past 20 px', async ({ page }) => {
    await open(page, '/');
    const bar = page.locator('header[data-opaque]');
    const background = () => bar.evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect(bar).toHaveAttribute('data-opaque', 'false');
    expect(await background()).toBe('rgba(0, 0, 0, 0)');
    await scrollWindowTo(page, 20);
    await expect(bar).toHaveAttribute('data-opaque', 'false');
    await scrollWindowTo(page, 60);
    await expect(bar).toHaveAttribute('data-opaque', 'true');
    await expect.poll(background).not.toBe('rgba(0, 0, 0, 0)');
    // No menu button on wide screens, whatever the scroll.
    await scrollWindowTo(page, 900);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(page.getByTestId('sticky-cta')).toBeHidden();
  });

  test('/ scroll links move to their section and focus it', async ({ page }) => {
    await open(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, id] of [
      ['Pricing', 'pricing'],
      ['Testimonials', 'testimonials'],
      ['Our Story', 'our-story'],
      ['How It Works', 'how-it-works'],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page.locator(`#${id}`)).toBeFocused();
      await expect(page.locator(`#${id} h2`)).toBeInViewport();
    }
  });

  test('/ testimonials: advance every 5 s, loop, and jump by dot', async ({ page }) => {
    await open(page, '/');
    await page.locator('#testimonials').scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    const slide = page.getByRole('group', { name: /of 4$/ });
    await expect(slide).toHaveAccessibleName('1 of 4');
    const firstQuote = await slide.locator('blockquote').textContent();
    await expect(slide).toHaveAccessibleName('2 of 4', { timeout: 7000 });
    expect(await slide.locator('blockquote').textContent()).not.toBe(firstQuote);

    await page.getByRole('button', { name: 'Show testimonial 4 of 4' }).click();
    await expect(slide).toHaveAccessibleName('4 of 4');
    await expect(page.getByRole('button', { name: 'Show testimonial 4 of 4' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await page.getByRole('button', { name: 'Show testimonial 1 of 4' }).click();
    await expect(slide.locator('blockquote')).toHaveText(firstQuote!);
    // Leave the carousel: it resumes and loops on its own.
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.mouse.move(0, 0);
    await expect(slide).toHaveAccessibleName('2 of 4', { timeout: 7000 });
  });

  test('footer: legal links, disclaimer and the current year', async ({ page }) => {
    await open(page, '/');
    const footer = page.getByRole('contentinfo');
    for (const [label, href] of [
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Contact', '/contact'],
      ['Brand Guidelines', '/brand-guidelines'],
    ] as const) {
      await expect(footer.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer).toContainText('developmental education, not therapy, tutoring or medical treatment');
    await expect(footer).toContainText('Building confidence, focus, and connection for families.');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Ploom`);
    await footer.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
  });

  test('site nav on /coaching-home: page links and scroll links', async ({ page }) => {
    await open(page, '/coaching-home');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Why Ploom' }).click();
    await expect(page.locator('#why-ploom')).toBeFocused();
    await expect(page.locator('#why-ploom h2')).toBeInViewport();
    for (const [label, href] of [
      ['Programs', '/programs'],
      ['About', '/about'],
      ['FAQ', '/faq'],
    ] as const) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    // From a page without the section, How It Works leads to the page that has it.
    await open(page, '/pricing');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }).click();
    await expect(page).toHaveURL(/\/coaching-home#how-it-works$/);
    await expect(page.locator('#how-it-works h2')).toBeInViewport();
  });

  test('/coaches : three coaches, the founders, a waitlist button; axe finds nothing', async ({ page }) => {
    await open(page, '/coaches');
    for (const name of [
      'Jenna Lawson',
      'Marcus Thompson',
      'Sofia Ramirez',
      'Maya Ellison',
      'Daniel Okafor',
      'Priya Shah',
    ]) {
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Join the Waitlist' }).first().click();
    await expect(page).toHaveURL(/\/waitlist$/);
  });

  test('no link on a landing page leads to the 404 page', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const targets = new Set<string>();
    for (const path of [...landingVariants.map((v) => v.path), '/coaches']) {
      await open(page, path);
      const hrefs = await page
        .locator('a[href]')
        .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
      for (const href of hrefs) {
        const url = new URL(href);
        if (url.origin === new URL(baseURL!).origin) targets.add(url.pathname);
      }
    }
    expect(targets.size).toBeGreaterThan(10);
    for (const target of targets) {
      await page.goto(target);
      await expect(page.getByText('Loading...')).toBeHidden();
      await expect(page.locator('main, h1').first(), target).toBeVisible();
      await expect(page.getByText('Oops! Page not found'), `${target} is a 404`).toHaveCount(0);
    }
  });
});
