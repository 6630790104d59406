import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { demoAccounts } from './demo-accounts.ts';

/**
 * Screenshots of what each role sees, for the README, taken from the running product
 * (`npm start` in another terminal; SITE_URL points elsewhere):
 *   npx tsx scripts/screenshots.ts [--out docs/screenshots]
 * Each demo account signs in through /login, then each of its main screens is taken at a laptop's
 * 1280 px and a phone's 390 px, once its data is on screen.
 */

const site = process.env.SITE_URL ?? 'http://localhost:5173';
const outIndex = process.argv.indexOf('--out');
const outDir = path.resolve(outIndex > 0 ? process.argv[outIndex + 1]! : 'docs/screenshots');

type Role = (typeof demoAccounts.users)[number]['role'];

/** The main screens of each area, as the role that works in it. */
const screens: Record<Role, { name: string; path: string }[]> = {
  admin: [
    { name: 'overview', path: '/admin' },
    { name: 'leads', path: '/admin/waitlist' },
    { name: 'sessions', path: '/admin/sessions' },
    { name: 'families', path: '/admin/families' },
    { name: 'report', path: '/admin/report' },
  ],
  coach: [
    { name: 'overview', path: '/admin' },
    { name: 'sessions', path: '/admin/sessions' },
    { name: 'hours', path: '/admin/availability' },
    { name: 'family', path: '/admin/families/a0000000-0000-4000-8000-000000000003' },
  ],
  parent: [
    { name: 'dashboard', path: '/app' },
    // Mia's schedule (the seed's id), where her sessions are booked and moved
    { name: 'schedule', path: '/app/child-schedule/d0000000-0000-4000-8000-000000000001' },
    { name: 'billing', path: '/app/billing' },
    { name: 'report', path: '/app/reports/f2000000-0000-4000-8000-000000000001' },
  ],
  child: [{ name: 'home', path: '/child' }],
};

const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

async function signIn(browser: Browser, role: Role) {
  const account = demoAccounts.users.find((user) => user.role === role)!;
  const context = await browser.newContext({ viewport: viewports.desktop });
  const page = await context.newPage();
  await page.goto(`${site}/login`);
  await page.getByLabel('Email').fill('username' in account ? account.username : account.email);
  await page.getByLabel('Password').fill(demoAccounts.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Waits until the screen has painted its data: no loading text and a quiet network. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page
    .getByText(/^Loading/)
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => {});
  await page.waitForTimeout(300);
}

const browser = await chromium.launch({
  executablePath: fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
fs.mkdirSync(outDir, { recursive: true });
const taken: string[] = [];
try {
  for (const role of Object.keys(screens) as Role[]) {
    const storageState = await signIn(browser, role);
    for (const [device, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({
        storageState,
        viewport,
        deviceScaleFactor: 1,
        isMobile: device === 'phone',
        hasTouch: device === 'phone',
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      for (const screen of screens[role]) {
        await page.goto(`${site}${screen.path}`);
        await settled(page);
        // The first screen, as the person sees it on opening the page.
        const file = path.join(outDir, `${role}-${screen.name}-${device}.png`);
        await page.screenshot({ path: file });
        taken.push(path.relative(process.cwd(), file));
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`${taken.length} screenshots:\n${taken.join('\n')}`);
