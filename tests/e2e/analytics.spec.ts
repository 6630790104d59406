import { expect, test, type Page, type Request } from '@playwright/test';
import { adminDb } from '../support/stack.ts';
import { storageStateOf } from './support/roles.ts';

interface AnalyticsRow {
  event_type: string;
  page_path: string;
  path: string;
  referrer: string | null;
  user_agent: string | null;
  device_type: string;
  duration_seconds: number | null;
  metadata: Record<string, number>;
  utm_source: string | null;
}

async function eventsOf(sessionId: string): Promise<AnalyticsRow[]> {
  const db = await adminDb();
  try {
    const { rows } = await db.query('select * from public.web_analytics where session_id = $1 order by id', [
      sessionId,
    ]);
    return rows as AnalyticsRow[];
  } finally {
    await db.end();
  }
}

/** The visitor's analytics session id, once the tracker (loaded after the first paint) has set it. */
async function sessionIdOf(page: Page): Promise<string> {
  let id: string | null = null;
  await expect
    .poll(async () => {
      id = await page.evaluate(() => sessionStorage.getItem('ploom_analytics_session_id'));
      return id;
    })
    .toMatch(/^session_\d+_[a-z0-9]+$/);
  return id!;
}

test('records a page view per route change with the session, device and screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/waitlist?utm_source=newsletter');
  const sessionId = await sessionIdOf(page);
  await expect.poll(async () => (await eventsOf(sessionId!)).length, { timeout: 10_000 }).toBe(1);

  // A client-side route change.
  await page.getByRole('link', { name: 'Ploom home' }).first().click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect
    .poll(
      async () =>
        (await eventsOf(sessionId!)).filter((e) => e.event_type === 'page_view').map((e) => e.page_path),
      {
        timeout: 10_000,
      },
    )
    .toEqual(['/waitlist?utm_source=newsletter', '/']);

  const [first] = await eventsOf(sessionId!);
  const userAgent = await page.evaluate(() => navigator.userAgent);
  expect(first).toMatchObject({
    event_type: 'page_view',
    page_path: '/waitlist?utm_source=newsletter',
    path: '/waitlist',
    utm_source: 'newsletter',
    referrer: null,
    user_agent: userAgent,
    device_type: 'desktop',
  });
  expect(first.metadata).toEqual({
    screen_width: await page.evaluate(() => screen.width),
    screen_height: await page.evaluate(() => screen.height),
  });
});

test('reports the device type from the window width', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/waitlist');
  const sessionId = await sessionIdOf(page);
  await expect.poll(async () => (await eventsOf(sessionId!)).map((e) => e.device_type)).toEqual(['mobile']);
});

test('sends page leaves by beacon on route change and when the page closes', async ({ page, context }) => {
  const leaveRequests: Request[] = [];
  context.on('request', (request) => {
    if (request.url().includes('/functions/v1/track-page-leave')) leaveRequests.push(request);
  });
  await page.goto('/waitlist');
  const sessionId = await sessionIdOf(page);
  // The session id can be set before the tracker starts the page's clock (another module may ask
  // for it first); the view's row is sent only after the clock started, so time from there.
  await expect
    .poll(async () => (await eventsOf(sessionId)).filter((e) => e.event_type === 'page_view').length, {
      timeout: 10_000,
    })
    .toBe(1);
  await page.waitForTimeout(1200);
  await page.getByRole('link', { name: 'Ploom home' }).first().click();
  await page.waitForURL((url) => url.pathname === '/');

  await expect
    .poll(async () =>
      (await eventsOf(sessionId)).filter((e) => e.event_type === 'page_leave').map((e) => e.page_path),
    )
    .toEqual(['/waitlist']);
  const [leave] = (await eventsOf(sessionId)).filter((e) => e.event_type === 'page_leave');
  expect(leave.device_type).toBe('desktop');
  expect(leave.duration_seconds).toBeGreaterThanOrEqual(1);

  // It went as a beacon: the key in the URL, no apikey header, a text/plain body (its content is the
  // row checked above).
  expect(leaveRequests.length).toBeGreaterThanOrEqual(1);
  const beacon = leaveRequests[0];
  expect(beacon.method()).toBe('POST');
  expect(new URL(beacon.url()).searchParams.get('apikey')).toBeTruthy();
  const headers = await beacon.allHeaders();
  expect(headers.apikey).toBeUndefined();
  expect(headers['content-type']).toContain('text/plain');

  // Closing the page sends the leave of the page being shown.
  await page.close({ runBeforeUnload: true });
  await expect
    .poll(
      async () =>
        (await eventsOf(sessionId)).filter((e) => e.event_type === 'page_leave').map((e) => e.page_path),
      {
        timeout: 10_000,
      },
    )
    .toEqual(['/waitlist', '/']);
});

for (const who of ['a visitor', 'a signed-in parent'] as const) {
  test(`a page view survives ${who} leaving at once (a full page load away)`, async ({ browser }) => {
    const context = await browser.newContext(
      who === 'a signed-in parent' ? { storageState: storageStateOf('parent') } : {},
    );
    // The view's answer takes a second (a slow network): the visitor is gone before it comes.
    await context.route('**/rest/v1/web_analytics', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue().catch(() => undefined);
    });
    const page = await context.newPage();
    // The visitor clicks away the moment the view is on its way: it must not be cancelled with the page.
    const viewSent = page.waitForRequest((request) => request.url().includes('/rest/v1/web_analytics'));
    await page.goto('/waitlist?utm_source=quick');
    const sessionId = await sessionIdOf(page);
    await viewSent;
    await page.goto('/pricing');
    await expect
      .poll(
        async () =>
          (await eventsOf(sessionId)).filter((e) => e.event_type === 'page_view').map((e) => e.page_path),
        { timeout: 10_000 },
      )
      .toEqual(['/waitlist?utm_source=quick', '/pricing']);
    // (The page reports a keepalive request left behind as aborted; the row above is what counts.)
    await context.close();
  });
}
