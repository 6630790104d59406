import type { Page } from '@playwright/test';
import type pg from 'pg';
import { adminDb } from '../support/stack.ts';
import { axeViolations, expect, test } from './support/fixtures.ts';
import { routesOf } from './support/area-routes.ts';
import { keptViewSearch, leadPlaces, writtenByPeople } from './support/kept-views.ts';
import { demoRoles } from './support/roles.ts';

/**
 * Every screen of every signed-in area, as the role that uses it, in a desktop window (1280x800)
 * and on a phone (390x844): no page wider than its window, no blank page, no console error,
 * nothing axe finds, and no view the device keeps of any screen (decisions 217, 230) holding what a
 * person wrote (messages, notes, updates, reports, plans, goals, tools, rewards, points' reasons,
 * leads' notes and messages...). The routes come from the app's route table
 * (support/area-routes.ts), so a new screen is walked as soon as it is routed; staff also open a
 * lead's panel. One page per role and window walks them all, one after the other.
 */

test.use({ keepLastViews: true });

let db: pg.Client;
let needles: string[];

test.beforeAll(async () => {
  db = await adminDb();
  needles = await writtenByPeople(db);
});
test.afterAll(async () => {
  await db.end();
});

const windows = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Opens `route` and waits for its screen: its heading shown and nothing left saying it is loading. */
async function open(page: Page, route: string) {
  await page.goto(route);
  // A place opened before draws its kept view first: wait for the screen's own.
  await expect(page.locator('#last-view')).toHaveCount(0);
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
      test(`every screen of the area fits, shows something, logs no error, passes axe and keeps nothing a person wrote (${window.name})`, async ({
        page,
      }) => {
        const routes = [...routesOf(role), ...(await leadPlaces(db, role))];
        test.setTimeout(30_000 + routes.length * 10_000);
        expect(needles.length).toBeGreaterThan(20);
        const keptViews = keptViewSearch(page, needles);
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
          await keptViews.afterDrawing(route);
        }
        await keptViews.afterLeaving();
        expect(problems).toEqual([]);
        expect(keptViews.leaks()).toEqual([]);
        test
          .info()
          .annotations.push({ type: 'not kept', description: keptViews.notKept().join(', ') || 'none' });
        expect(keptViews.kept()).toBeGreaterThanOrEqual(Math.ceil(routes.length / 2));
      });
    }
  });
}
