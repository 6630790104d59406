import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './support/fixtures.ts';
import { routesOf } from './support/area-routes.ts';
import { demoRoles } from './support/roles.ts';

/**
 * Every screen of every signed-in area, as the role that uses it, in a desktop window (1280x800)
 * and on a phone (390x844): no page wider than its window, no blank page, no console error, and
 * nothing axe finds. The routes come from the app's route table (support/area-routes.ts), so a new
 * screen is walked as soon as it is routed. One page per role and window walks them all, one after the other.
 */

const windows = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Opens `route` and waits for its screen: its heading shown and nothing left saying it is loading. */
async function open(page: Page, route: string) {
  await page.goto(route);
  await expect(page.locator('main :is(h1, h2)').first()).toBeVisible();
  await expect(page.getByText(/^(Loading|Opening)\b/)).toHaveCount(0);
}

/** What is wrong with the screen at `route`, in words (empty when nothing is). */
async function problemsAt(page: Page, route: string, consoleErrors: string[]): Promise<string[]> {
  const problems: string[] = [];
  const { scrollWidth, innerWidth, text } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    text: document.querySelector('main')?.innerText.trim() ?? '',
  }));
  if (scrollWidth > innerWidth)
    problems.push(`${route} is ${scrollWidth} px wide in a ${innerWidth} px window`);
  if (text.length < 20) problems.push(`${route} is blank`);
  for (const error of consoleErrors.splice(0)) problems.push(`${route} logged: ${error}`);
  for (const violation of await axeViolations(page)) {
    problems.push(`${route}: axe ${violation}`);
  }
  return problems;
}

for (const role of demoRoles) {
  test.describe(`as the demo ${role}`, () => {
    test.use({ signedInAs: role });

    // One test a window: the two walks of a role run side by side.
    for (const window of windows) {
      test(`every screen of the area fits, shows something, logs no error and passes axe (${window.name})`, async ({
        page,
      }) => {
        const routes = routesOf(role);
        test.setTimeout(30_000 + routes.length * 8_000);
        const consoleErrors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') consoleErrors.push(message.text());
        });
        page.on('pageerror', (error) => consoleErrors.push(error.message));

        await page.setViewportSize({ width: window.width, height: window.height });
        const problems: string[] = [];
        for (const route of routes) {
          await open(page, route);
          problems.push(...(await problemsAt(page, `${route} (${window.name})`, consoleErrors)));
        }
        expect(problems).toEqual([]);
      });
    }
  });
}
