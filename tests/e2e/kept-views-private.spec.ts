import type { Page } from '@playwright/test';
import type pg from 'pg';
import { LAST_VIEW_KEY } from '../../src/lib/last-view-script.ts';
import { adminDb } from '../support/stack.ts';
import { expect, test } from './support/fixtures.ts';
import { keptViews } from './support/kept-views.ts';

/**
 * Drawing the screens' kept views (decisions 217, 230) runs nothing they hold. (That they hold
 * nothing a person wrote is searched on every screen of every area: areas-walk.spec.ts.)
 *
 * A family of the test's own has mutation-XSS payloads for names and in a message; its kept views
 * are drawn with the app's code held back: nothing runs, nothing loads, and the page's policy
 * reports nothing; a hostile view written straight into storage runs and loads nothing either, and
 * the policy reports no more than parsing its string alone does (see below).
 */

test.use({ keepLastViews: true });

const DEMO_COACH_USER = 'a0000000-0000-4000-8000-000000000002';
const JORDAN = 'c0000000-0000-4000-8000-000000000001';
const stamp = Date.now().toString(36);

let db: pg.Client;
const parents: string[] = [];

test.beforeAll(async () => {
  db = await adminDb();
});
test.afterAll(async () => {
  // The family made here goes, with everything of its own.
  await db.query('delete from public.family_messages where family_id = any($1)', [parents]);
  await db.query('delete from public.children where parent_id = any($1)', [parents]);
  await db.query('delete from auth.users where id = any($1)', [parents]);
  await db.end();
});

/** Mutation-XSS payloads: each runs `alert(1)`, or sets `window.__xss`, if drawn as HTML twice. */
const PAYLOADS = [
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<template><img src=x onerror=alert(1)></template>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<iframe srcdoc="<script>alert(1)</script>">',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1"><circle r="1"></circle></svg>',
  '<script>window.__xss=1</script>',
  '<details open ontoggle="window.__xss=1"><summary>s</summary></details>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="//evil.example/">',
];

/**
 * Watches a page from its start: dialogs, the payloads' flag, policy reports, requests for `x` or
 * elsewhere, and anything that could run in the drawn view. Each reading starts the next afresh.
 */
async function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const requests: string[] = [];
  page.on('request', (request) => {
    if (/\/x$|evil\.example/.test(request.url())) requests.push(request.url());
  });
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) logged.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __policyViolations: string[] }).__policyViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}: ${event.sample}`);
    });
  });
  return async () => {
    const page_ = await page.evaluate(() => ({
      flag: (window as unknown as { __xss?: unknown }).__xss ?? null,
      violations: ((window as unknown as { __policyViolations?: string[] }).__policyViolations ?? []).splice(
        0,
      ),
      hazards: Array.from(document.querySelectorAll('#last-view *')).flatMap((element) =>
        Array.from(element.attributes)
          .filter(({ name, value }) => /^on/i.test(name) || /script:/i.test(value))
          .map(({ name }) => `${element.localName}[${name}]`)
          .concat(
            /^(script|iframe|style|noscript|template|math|meta|base)$/.test(element.localName)
              ? [element.localName]
              : [],
          ),
      ),
    }));
    return { dialogs: dialogs.splice(0), requests: requests.splice(0), logged: logged.splice(0), ...page_ };
  };
}

const nothingRan = { dialogs: [], requests: [], logged: [], flag: null, violations: [], hazards: [] };

/** Opens `place` with none of the app's code: what shows is the kept view, drawn by the shell. */
async function drawnWithoutCode(page: Page, place: string) {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto(place);
  const view = page.locator('#last-view');
  await expect(view).toBeVisible();
  // Time for an image's error, a load or a toggle to have fired.
  await page.waitForTimeout(800);
  await page.unroute(/\/assets\/.*\.js$/);
  return view;
}

test('names and messages holding mutation-XSS payloads are drawn again as text, and run nothing', async ({
  page,
  newParent,
  logIn,
}) => {
  test.slow();
  const parentName = PAYLOADS[0]!;
  const childName = '<svg><style><img src=x onerror=alert(1)>';
  const parent = await newParent({ firstName: parentName, lastName: `Kept${stamp}` });
  parents.push(parent.userId);
  const child = (
    await db.query<{ id: string }>(
      `insert into public.children (parent_id, coach_id, first_name, age_band) values ($1, $2, $3, '9') returning id`,
      [parent.userId, JORDAN, childName],
    )
  ).rows[0]!.id;
  await db.query(
    `insert into public.parental_consents (child_id, parent_id, notice_id, signed_name)
     values ($1, $2, private.current_consent_notice_id(), 'Kept Views')`,
    [child, parent.userId],
  );
  await db.query(
    `insert into public.preferred_session_times (child_id, weekday, day_part) values ($1, 2, 'afternoon')`,
    [child],
  );
  const message = `Before Thursday ${stamp}: ${PAYLOADS.join(' ')}`;
  await db.query(
    `insert into public.family_messages (family_id, sender_id, sender_role, body) values ($1, $2, 'coach', $3)`,
    [parent.userId, DEMO_COACH_USER, message],
  );
  const seen = await watch(page);

  await logIn(parent.email, parent.password);
  await page.waitForURL(/\/app$/);
  await expect(page.getByRole('heading', { name: childName, exact: true })).toBeVisible();
  await expect.poll(() => keptViews(page).then((views) => views.map((v) => v.place))).toContain('/app');
  await page.goto('/app/messages');
  await expect(page.getByText(`Before Thursday ${stamp}:`)).toBeVisible();
  await expect
    .poll(() => keptViews(page).then((views) => views.map((v) => v.place)))
    .toContain('/app/messages');
  // The message is withheld from the view; the names are kept, as text.
  const kept = (await keptViews(page)).flatMap((view) => view.texts).join('\n');
  expect(kept).not.toContain(`Before Thursday ${stamp}`);

  let view = await drawnWithoutCode(page, '/app');
  await expect(view).toContainText(childName);
  await expect(view).toContainText(parentName);
  expect(await seen()).toEqual(nothingRan);

  view = await drawnWithoutCode(page, '/app/messages');
  await expect(view.locator('[data-withheld]').first()).toBeAttached();
  await expect(view).not.toContainText(`Before Thursday ${stamp}`);
  expect(await seen()).toEqual(nothingRan);

  // A hostile view written straight into storage for this very session: its payloads as HTML.
  const hostile = `<main><h1>Hostile view</h1>${PAYLOADS.join('')}</main>`;
  await page.evaluate(
    ({ key, html }) => {
      const stored = Object.keys(window.localStorage).find((name) => /^sb-.+-auth-token$/.test(name))!;
      const token = (JSON.parse(window.localStorage.getItem(stored)!) as { access_token: string })
        .access_token;
      const claims = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
        sub: string;
        session_id: string;
      };
      window.localStorage.setItem(
        key,
        JSON.stringify({
          user: claims.sub,
          session: claims.session_id,
          views: { '/app': { at: Date.now(), html } },
        }),
      );
    },
    { key: LAST_VIEW_KEY, html: hostile },
  );
  view = await drawnWithoutCode(page, '/app');
  await expect(view.getByText('Hostile view')).toBeVisible();
  const drawing = await seen();
  expect({ ...drawing, violations: [], logged: [] }).toEqual(nothingRan);
  // Chromium checks the policy as soon as a parser meets an inline handler, even in DOMParser's
  // inert document, where it can never run (nothing ran: above). Drawing reports exactly what
  // parsing the string alone reports, and only refused handler attributes: no script, frame,
  // javascript: URL, base or form.
  expect(drawing.violations.length).toBeGreaterThan(0);
  for (const violation of drawing.violations) expect(violation).toMatch(/^script-src-attr blocked inline/);
  await page.evaluate((html) => void new DOMParser().parseFromString(html, 'text/html'), hostile);
  await page.waitForTimeout(300);
  expect((await seen()).violations.sort()).toEqual([...drawing.violations].sort());

  // With its code, the app keeps its own view again in the hostile one's place; opened again, that
  // view is drawn, then the screen over it, and nothing has run.
  await page.evaluate((key) => window.localStorage.removeItem(key), LAST_VIEW_KEY);
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: childName, exact: true })).toBeVisible();
  await expect.poll(() => keptViews(page).then((views) => views.map((v) => v.place))).toContain('/app');
  await page.reload();
  await expect(page.getByRole('heading', { name: childName, exact: true })).toBeVisible();
  await expect(page.locator('#last-view')).toHaveCount(0);
  expect(await seen()).toEqual(nothingRan);
});
