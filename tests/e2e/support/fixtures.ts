import fs from 'node:fs';
import { createRequire } from 'node:module';
import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Request,
} from '@playwright/test';
import { LAST_VIEW_KEY } from '../../../src/lib/last-view-script.ts';
import { clearFormCapsOfThisMachine } from './form-caps.ts';
import { signedUpClient } from './signup-flag.ts';
import { storageStateOf, type DemoRole } from './roles.ts';

/**
 * What the specs share: `import { test, expect } from './support/fixtures.ts'` instead of
 * '@playwright/test'.
 *
 * - `test.use({ signedInAs: 'admin' })`: the test's page starts signed in as a demo account (the
 *   browser state auth.setup.ts saved, so no sign-in per test).
 * - `pageAs('parent')`: a second window signed in as another demo account, closed after the test.
 * - `logIn(email, password)`: signs in through the login page on the test's page.
 * - `newParent({ firstName })`: a new, confirmed parent account of the test's own.
 * - `expectNoAxeViolations(page)`: axe finds nothing on the page as it stands.
 * - Every window starts each page without the screens' kept last views (decision 217), so what a
 *   test reads after a reload is what the screen drew, never the view the device kept of it;
 *   `test.use({ keepLastViews: true })` keeps them (tests/e2e/last-view.spec.ts).
 */

export { expect };

export interface NewAccount {
  userId: string;
  email: string;
  password: string;
}

/** Removes the kept last views before each page of `context` starts (see above). */
export async function withoutLastViews(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript((key) => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // a page without storage (about:blank) keeps nothing
    }
  }, LAST_VIEW_KEY);
  return context;
}

/**
 * Keeps what `context`'s pages are waiting for and what went wrong in them: the requests with no
 * answer yet (with how long each has waited), the errors they threw and the errors they logged. A
 * failed test lists them with its error, so a page left "Loading..." shows what it was waiting for.
 */
function watchPages(context: BrowserContext): () => string {
  const waiting = new Map<Request, number>();
  const errors: string[] = [];
  const settled = (request: Request) => waiting.delete(request);
  context.on('request', (request) => waiting.set(request, Date.now()));
  context.on('requestfinished', settled);
  context.on('requestfailed', (request) => {
    settled(request);
    errors.push(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText ?? ''}`);
  });
  context.on('weberror', (error) => errors.push(`thrown: ${error.error().message}`));
  context.on('console', (message) => {
    if (message.type() === 'error') errors.push(`logged: ${message.text()}`);
  });
  return () => {
    const unanswered = [...waiting].map(
      ([request, since]) => `${request.method()} ${request.url()}: ${Date.now() - since} ms`,
    );
    return [
      `unanswered requests: ${unanswered.length ? `\n${unanswered.join('\n')}` : 'none'}`,
      `errors: ${errors.length ? `\n${errors.join('\n')}` : 'none'}`,
    ].join('\n');
  };
}

interface Fixtures {
  /** The demo account the test's page is signed in as; none (signed out) by default. */
  signedInAs: DemoRole | undefined;
  /** Whether pages may draw the screens' kept last views; off by default (see above). */
  keepLastViews: boolean;
  pageAs: (role: DemoRole, options?: BrowserContextOptions) => Promise<Page>;
  logIn: (email: string, password: string, options?: { fromCurrentPage?: boolean }) => Promise<void>;
  /** Starts each test with the public forms' caps of this machine's address empty (./form-caps.ts). */
  freshFormCaps: void;
  newParent: (overrides?: {
    firstName?: string;
    lastName?: string;
    email?: string;
    password?: string;
  }) => Promise<NewAccount>;
}

export const test = base.extend<Fixtures>({
  signedInAs: [undefined, { option: true }],
  keepLastViews: [false, { option: true }],

  freshFormCaps: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      await clearFormCapsOfThisMachine();
      await provide();
    },
    { auto: true },
  ],

  context: async ({ context, keepLastViews }, provide, testInfo) => {
    const pagesReport = watchPages(context);
    await provide(keepLastViews ? context : await withoutLastViews(context));
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('what the pages were waiting for, and their errors', {
        body: pagesReport(),
        contentType: 'text/plain',
      });
    }
  },

  storageState: async ({ signedInAs, storageState }, provide) => {
    await provide(signedInAs ? storageStateOf(signedInAs) : storageState);
  },

  pageAs: async ({ browser }, provide) => {
    const opened: { close(): Promise<void> }[] = [];
    await provide(async (role, options = {}) => {
      // The project's options (base URL, device) apply to this window as to the test's own.
      const context = await withoutLastViews(
        await browser.newContext({ ...options, storageState: storageStateOf(role) }),
      );
      opened.push(context);
      return context.newPage();
    });
    for (const context of opened) await context.close();
  },

  logIn: async ({ page }, provide) => {
    await provide(async (email, password, { fromCurrentPage = false } = {}) => {
      // From the current page when a guard has sent the visitor to the login page (it returns
      // them to where they were going); otherwise from /login itself.
      if (!fromCurrentPage) await page.goto('/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Log In' }).click();
    });
  },

  // Playwright reads a fixture's dependencies from its first parameter: this one has none.
  // eslint-disable-next-line no-empty-pattern
  newParent: async ({}, provide) => {
    // Created while sign-up is open (./signup-flag.ts), confirmed, with the parent role the
    // sign-up trigger gives every new account.
    await provide(async (overrides = {}) => {
      const { userId, email, password } = await signedUpClient(overrides);
      return { userId, email, password };
    });
  },
});

/**
 * Waits (5 s at most) until the screen's heading is drawn, when it has one. A signed-in screen's
 * first load keeps its heading and content unpainted until its first reads are in (1 s at most,
 * decision 214), while the area's frame (header, nav) is already drawn: axe run in that moment, by
 * a test that waited for the frame alone, finds a page without a visible h1 (page-has-heading-one).
 * A page whose h1 stays hidden is still found by axe.
 */
async function screenDrawn(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const headings = Array.from(document.querySelectorAll('h1'));
        return (
          headings.length === 0 ||
          headings.some((heading) => heading.checkVisibility({ visibilityProperty: true }))
        );
      },
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** axe-core itself, as the page runs it (the same engine and rules as @axe-core/playwright). */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * What axe finds on the page as it stands: one line a rule, with the elements it failed on.
 *
 * Axe runs in the page itself with its default rules, over the page's own document: the site's only
 * frame, the email preview on /test-email, is sandboxed (no script runs in it) and its test leaves
 * it out. Axe is loaded once a document and reports its violations alone: passes and "needs review"
 * results are not built up node by node nor sent back to the test, which halves a run on a large
 * screen (/admin/report: 2.1 s with @axe-core/playwright, 1.1 s this way; docs/benchmarks.md).
 */
export async function axeViolations(
  page: Page,
  options: { include?: string; exclude?: string } = {},
): Promise<string[]> {
  await screenDrawn(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async ({ include, exclude }) => {
    // The global axe-core defines on the page (its types are not the page's).
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const context =
      include || exclude
        ? { ...(include ? { include: [include] } : {}), ...(exclude ? { exclude: [exclude] } : {}) }
        : document;
    const { violations } = await axe.run(context as import('axe-core').ElementContext, {
      resultTypes: ['violations'],
      iframes: false,
    });
    return violations.map(
      (v) => `${v.id} (${v.help}) at ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  }, options);
}

/** Fails the test when axe finds anything on the page (or within `include`). */
export async function expectNoAxeViolations(
  page: Page,
  options: { include?: string; exclude?: string } = {},
): Promise<void> {
  expect(await axeViolations(page, options)).toEqual([]);
}
