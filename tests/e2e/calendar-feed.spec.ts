import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

/**
 * The "Calendar feed" card (docs/decisions/176): a parent in their account's Calendar section and a
 * team member in /admin/account make their private calendar link, copy it, subscribe in one click,
 * make a new one (the old URL stops at once) and reload: the feed is still on, the link is not
 * shown again (only its hash is kept). At 1280 and 390 px, with axe.
 */

const FEED_URL = /\/functions\/v1\/calendar-feed\/[0-9a-f]{64}\.ics$/;

const linkField = (page: Page) => page.getByLabel('Your private calendar link');

/** What a calendar app gets from the URL. */
async function fetchFeed(page: Page, url: string) {
  const response = await page.request.get(url);
  return { status: response.status(), text: await response.text() };
}

async function fitsTheWindow(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

test.describe('a parent', () => {
  test('a parent makes a calendar link, copies it, makes a new one, reloads and sees the feed kept', async ({
    page,
    context,
    logIn,
    newParent,
  }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { email, password } = await newParent({ firstName: 'Cal' });
    await logIn(email, password);
    await page.waitForURL(/\/app/);
    await page.goto('/app/account');
    await page
      .getByRole('navigation', { name: 'Account sections' })
      .getByRole('link', { name: 'Calendar' })
      .click();
    await expect(page).toHaveURL(/section=calendar/);
    await expect(page.getByRole('heading', { level: 2, name: 'Calendar feed' })).toBeVisible();
    await expect(page.getByText('You have no calendar link yet.')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Make my calendar link' }).click();
    await expect(page.getByText('Calendar link made', { exact: true })).toBeVisible();
    await expect(linkField(page)).toBeFocused();
    const first = await linkField(page).inputValue();
    expect(first).toMatch(FEED_URL);
    const feed = await fetchFeed(page, first);
    expect(feed.status).toBe(200);
    expect(feed.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    await expect(page.getByRole('link', { name: /Subscribe \(Apple Calendar/ })).toHaveAttribute(
      'href',
      first.replace(/^https?:\/\//, 'webcal://'),
    );
    await expect(page.getByRole('link', { name: /Add to Google Calendar/ })).toHaveAttribute(
      'href',
      /^https:\/\/calendar\.google\.com\/calendar\/render\?cid=webcal%3A%2F%2F/,
    );
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    // A new link: asked first, then the old URL is gone at once.
    await page.getByRole('button', { name: 'Make a new link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a new calendar link?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Keep the current link' }).click();
    await expect(dialog).toBeHidden();
    await expect(linkField(page)).toHaveValue(first);
    await page.getByRole('button', { name: 'Make a new link' }).click();
    await dialog.getByRole('button', { name: 'Make a new link' }).click();
    await expect(page.getByText('New calendar link made', { exact: true })).toBeVisible();
    await expect(linkField(page)).not.toHaveValue(first);
    const second = await linkField(page).inputValue();
    expect(second).toMatch(FEED_URL);
    expect((await fetchFeed(page, first)).status).toBe(404);
    expect((await fetchFeed(page, second)).status).toBe(200);

    await page.reload();
    await expect(page.getByText('Your calendar feed is on')).toBeVisible();
    await expect(linkField(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Make a new link' })).toBeVisible();
    expect((await fetchFeed(page, second)).status).toBe(200);
    await expectNoAxeViolations(page);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the card fits 390 px: a parent makes a link, turns the feed off, reloads', async ({
      page,
      logIn,
      newParent,
    }) => {
      test.setTimeout(90_000);
      const { email, password } = await newParent({ firstName: 'Pip' });
      await logIn(email, password);
      await page.waitForURL(/\/app/);
      await page.goto('/app/account?section=calendar');
      await page.getByRole('button', { name: 'Make my calendar link' }).click();
      await expect(linkField(page)).toHaveValue(FEED_URL);
      const url = await linkField(page).inputValue();
      await fitsTheWindow(page, 390);
      await expectNoAxeViolations(page);

      await page.reload();
      await expect(page.getByText('Your calendar feed is on')).toBeVisible();
      await fitsTheWindow(page, 390);
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Turn off the feed' }).click();
      const dialog = page.getByRole('dialog', { name: 'Turn off your calendar feed?' });
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Turn off the feed' }).click();
      await expect(page.getByText('Calendar feed turned off', { exact: true })).toBeVisible();
      await expect(page.getByText('You have no calendar link yet.')).toBeVisible();
      expect((await fetchFeed(page, url)).status).toBe(404);
      await page.reload();
      await expect(page.getByText('You have no calendar link yet.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Make my calendar link' })).toBeVisible();
    });
  });
});

test.describe('a team member', () => {
  test.use({ signedInAs: 'coach' });

  test('the demo coach makes their calendar link in /admin/account, with their sessions, and reloads', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/admin/account');
    await expect(page.getByRole('heading', { level: 2, name: 'Calendar feed' })).toBeVisible();
    await expect(page.getByText(/The sessions you coach and the intro calls you host/)).toBeVisible();
    // A stack kept from an earlier run may already have the demo coach's feed.
    const make = page.getByRole('button', { name: 'Make my calendar link' });
    await expect(make.or(page.getByRole('button', { name: 'Make a new link' }))).toBeVisible();
    if (await make.isVisible()) {
      await make.click();
    } else {
      await page.getByRole('button', { name: 'Make a new link' }).click();
      await page
        .getByRole('dialog', { name: 'Make a new calendar link?' })
        .getByRole('button', { name: 'Make a new link' })
        .click();
    }
    const url = await linkField(page).inputValue();
    expect(url).toMatch(FEED_URL);
    const feed = await fetchFeed(page, url);
    expect(feed.status).toBe(200);
    expect(feed.text).toContain('X-WR-CALNAME:Ploom: my sessions and calls');
    expect(feed.text).toMatch(/SUMMARY:Ploom session: Mia/);
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await fitsTheWindow(page, 390);
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(page.getByText('Your calendar feed is on')).toBeVisible();
    await fitsTheWindow(page, 390);
    await expectNoAxeViolations(page);
  });
});
