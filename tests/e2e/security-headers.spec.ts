import type { Page, Response } from '@playwright/test';
import { stackEnv } from '../support/stack.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The site is served with the security headers its host sends (public/_headers, and the
 * Content-Security-Policy the build adds to it: decision 228), and its pages run under that policy
 * without one violation: the inline scripts run by their hashes, the app's modules load from the
 * site, and the calls to the API and its Realtime socket are allowed.
 */

/** Collects the page's policy violations: the browser's events, and its console's reports. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __policyViolations: string[] }).__policyViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy|Permissions-Policy/i.test(message.text())) {
      logged.push(message.text());
    }
  });
  return async () => {
    const events = await page.evaluate(
      () => (window as unknown as { __policyViolations?: string[] }).__policyViolations ?? [],
    );
    return [...events, ...logged];
  };
}

/** The policy's directives by name. */
function directivesOf(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(response: Response | null) {
  expect(response).not.toBeNull();
  const headers = response!.headers();
  expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  const permissions = headers['permissions-policy'].split(/,\s*/);
  expect(permissions).toEqual(
    expect.arrayContaining(['camera=(self)', 'microphone=(self)', 'geolocation=()']),
  );

  const policy = directivesOf(headers['content-security-policy'] ?? '');
  const api = new URL(stackEnv.url);
  const socket = `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`;
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src'][0]).toBe("'self'");
  expect(policy['script-src'].slice(1).every((source) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source))).toBe(
    true,
  );
  expect(policy['connect-src']).toEqual(["'self'", api.origin, socket]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'self'"]);
  expect(policy['form-action']).toEqual(["'self'"]);
  expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  expect(policy['media-src']).toEqual(["'self'", 'blob:', 'mediastream:']);
}

/** Lets what loads after the first screen load: the sections below the fold, live reads. */
async function settle(page: Page) {
  await page.mouse.wheel(0, 20_000);
  // A page that keeps asking (a live read polling) is read as it stands after 5 s.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

test('the landing page is sent with the security headers and runs under its policy', async ({ page }) => {
  const violations = await watchViolations(page);
  expectSecurityHeaders(await page.goto('/'));
  // The boot script (inline, allowed by its hash) started the app, which hydrated the page.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const heading = document.querySelector('main h1');
        return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
      }),
    )
    .toBe(true);
  await settle(page);
  expect(await violations()).toEqual([]);
});

test('the login page is sent with the security headers and runs under its policy', async ({ page }) => {
  const violations = await watchViolations(page);
  expectSecurityHeaders(await page.goto('/login'));
  // The app shell's start script (inline) loaded the app, which drew the form.
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Email').blur();
  await settle(page);
  expect(await violations()).toEqual([]);
});

test('/app signed out is sent with the security headers and ends at the login page under its policy', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  expectSecurityHeaders(await page.goto('/app'));
  await page.waitForURL('**/login');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await settle(page);
  expect(await violations()).toEqual([]);
});

test.describe('signed in', () => {
  test.use({ signedInAs: 'parent' });

  test("the parent's dashboard reads the API and follows it live under the policy", async ({ page }) => {
    const violations = await watchViolations(page);
    expectSecurityHeaders(await page.goto('/app'));
    await expect(page.getByRole('heading', { level: 2, name: 'Mia' })).toBeVisible();
    await settle(page);
    expect(await violations()).toEqual([]);
  });
});
