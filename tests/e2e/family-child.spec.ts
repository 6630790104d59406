import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, withoutLastViews } from './support/fixtures.ts';
import pg from 'pg';
import { CHILD_LOGIN_FAILED, CHILD_LOGIN_LOCKED } from '../../src/features/auth/lib/child-login.ts';
import { waitForEmail } from '../support/inbox.ts';
import { holding } from './support/locks.ts';
import { storageStateOf } from './support/roles.ts';

/**
 * Child logins in Chromium: the demo parent gives a child a login at /app/account/children in one
 * browser; the child signs in with the username in another and sees their dashboard. Mia already has
 * the seeded login (`mia`, the demo child every other spec signs in as), so the login given here is
 * her brother Leo's, with a username unique to the run; it is removed again at the end.
 */

const LEO = 'd0000000-0000-4000-8000-000000000002';
const MIA_SESSION = 'e0000000-0000-4000-8000-000000000003';
const PIN = '40271958';

let db: pg.Client;
let leoSession: string | undefined;
let leoPoints = 0;
const username = `leo-${Date.now().toString(36)}`;

test.describe.configure({ mode: 'serial' });
// Three browser contexts and a room in one journey take longer than the default 30 s on 2 cores.
test.setTimeout(90_000);

test.beforeAll(async () => {
  const url = process.env.SUPABASE_DB_URL;
  if (!url) throw new Error('SUPABASE_DB_URL is not set: run through scripts/with-test-stack.ts e2e');
  db = new pg.Client({ connectionString: url });
  db.on('error', () => {});
  await db.connect();
  // A login left by an interrupted earlier run goes first (deleting the Auth user unlinks Leo).
  await db.query(`delete from auth.users where id = (select user_id from public.children where id = $1)`, [
    LEO,
  ]);
  // A session of Leo's starting in 5 minutes: its room is open, so Join is awake. (The admin
  // overview counts this week's sessions: ./support/locks.ts.)
  const { rows } = await holding('sessions_this_week', 'shared', () =>
    db.query<{ id: string }>(
      `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at)
       select id, coach_id, parent_id, now() + interval '5 minutes' from public.children where id = $1
       returning id`,
      [LEO],
    ),
  );
  leoSession = rows[0].id;
  const points = await db.query<{ total: number }>(
    'select coalesce(sum(points), 0)::int as total from public.ploom_points where child_id = $1',
    [LEO],
  );
  leoPoints = points.rows[0].total;
});

test.afterAll(async () => {
  if (leoSession) {
    await holding('sessions_this_week', 'shared', () =>
      db.query('delete from public.coaching_sessions where id = $1', [leoSession]),
    );
  }
  await db.query(`delete from auth.users where id = (select user_id from public.children where id = $1)`, [
    LEO,
  ]);
  await db.end();
});

const childCard = (page: Page, name: string) => page.getByRole('region', { name });

async function signInAsChild(page: Page, login: string, secret: string) {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(login);
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test('the parent gives Leo a login; Leo signs in with the username in another browser', async ({
  browser,
}) => {
  const parentContext = await withoutLastViews(
    await browser.newContext({ storageState: storageStateOf('parent') }),
  );
  const parent = await parentContext.newPage();
  await parent.goto('/app/account/children');
  await expect(parent.getByRole('heading', { level: 1, name: "Children's logins" })).toBeVisible();
  await expect(childCard(parent, 'Mia').getByText('mia', { exact: true })).toBeVisible();
  const leo = childCard(parent, 'Leo');
  await expect(leo.getByText('Leo has no login yet.')).toBeVisible();
  await expectNoAxeViolations(parent);

  await leo.getByRole('button', { name: 'Give Leo a login' }).click();
  await leo.getByLabel('Username').fill(username);
  await leo.getByLabel('PIN', { exact: true }).fill('1234');
  await leo.getByRole('button', { name: 'Create login' }).click();
  await expect(leo.getByText('A PIN has at least 8 numbers.')).toBeVisible();
  await expectNoAxeViolations(parent);
  await leo.getByLabel('PIN', { exact: true }).fill(PIN);
  await leo.getByRole('button', { name: 'Create login' }).click();
  await expect(parent.getByText('Leo can sign in now', { exact: true })).toBeVisible();
  await expect(leo.getByText(username, { exact: true })).toBeVisible();
  // Kept: a reload shows the login as given.
  await parent.reload();
  await expect(leo.getByText(username, { exact: true })).toBeVisible();
  await expect(leo.getByText('a PIN', { exact: true })).toBeVisible();

  // The parent changes the username (the PIN stays); the change is kept too.
  const renamed = `${username}-b`;
  await leo.getByRole('button', { name: 'Change login' }).click();
  await leo.getByLabel('Username').fill(renamed);
  await leo.getByRole('button', { name: 'Save changes' }).click();
  await expect(parent.getByText("Leo's login is changed", { exact: true })).toBeVisible();
  await parent.reload();
  await expect(leo.getByText(renamed, { exact: true })).toBeVisible();
  await expect(leo.getByText(username, { exact: true })).toHaveCount(0);

  // The child, in a browser of their own, with the new username and the PIN first given.
  const childContext = await withoutLastViews(await browser.newContext());
  const child = await childContext.newPage();
  await signInAsChild(child, renamed, '40271959');
  await expect(child.getByText(CHILD_LOGIN_FAILED, { exact: true })).toBeVisible();
  await signInAsChild(child, renamed, PIN);
  await child.waitForURL('**/child/dashboard');
  await expect(child.getByText('Hi Leo!')).toBeVisible();
  await expect(child.getByRole('region', { name: 'Your Ploom Points' })).toContainText(`${leoPoints} point`);
  await expect(child.getByRole('region', { name: 'Your at-home tools' })).toBeVisible();
  await expectNoAxeViolations(child);

  // Join is awake: the session starts in 5 minutes.
  await child.getByRole('link', { name: 'Join' }).click();
  await child.waitForURL(`**/child/session/${leoSession}`);
  await expect(child.getByRole('heading', { level: 1, name: 'My Session' })).toBeVisible();

  // Another child's session (his sister's) is not his to open.
  await child.goto(`/child/session/${MIA_SESSION}`);
  await expect(child.getByText("We couldn't find this session, or it isn't one of yours.")).toBeVisible();

  // The parent removes the login; Leo can no longer sign in.
  await leo.getByRole('button', { name: 'Remove login' }).click();
  await leo.getByRole('button', { name: 'Yes, remove the login' }).click();
  await expect(leo.getByText('Leo has no login yet.')).toBeVisible();
  await parent.reload();
  await expect(leo.getByText('Leo has no login yet.')).toBeVisible();
  const again = await withoutLastViews(await browser.newContext());
  const retry = await again.newPage();
  await signInAsChild(retry, renamed, PIN);
  await expect(retry.getByText(CHILD_LOGIN_FAILED, { exact: true })).toBeVisible();

  await Promise.all([parentContext.close(), childContext.close(), again.close()]);
});

test("wrong PINs pause this device only; many from everywhere lock Leo's login until the parent unlocks it", async ({
  browser,
}) => {
  const parentContext = await withoutLastViews(
    await browser.newContext({ storageState: storageStateOf('parent') }),
  );
  const parent = await parentContext.newPage();
  await parent.goto('/app/account/children');
  const leo = childCard(parent, 'Leo');
  const lockName = `${username}-lock`;
  await leo.getByRole('button', { name: 'Give Leo a login' }).click();
  await leo.getByLabel('Username').fill(lockName);
  await leo.getByLabel('PIN', { exact: true }).fill(PIN);
  await leo.getByRole('button', { name: 'Create login' }).click();
  await expect(leo.getByText(lockName, { exact: true })).toBeVisible();
  await expect(leo.getByText('No sign-in attempts yet.')).toBeVisible();

  // Five wrong PINs from this device: the sixth try from it waits, even with the right PIN.
  const childContext = await withoutLastViews(await browser.newContext());
  const child = await childContext.newPage();
  for (let i = 0; i < 5; i += 1) {
    await signInAsChild(child, lockName, `5830195${i}`);
    await expect(child.getByText(CHILD_LOGIN_FAILED, { exact: true }).first()).toBeVisible();
  }
  await signInAsChild(child, lockName, PIN);
  await expect(
    child.getByText(/Too many tries from this device\. Try again in \d+ minutes?\./).first(),
  ).toBeVisible();
  await expect(child).toHaveURL(/\/login/);

  // A pause of one device is no lock: the parent sees the wrong tries, and Leo's login is open.
  await parent.reload();
  const attempts = leo.getByRole('list', { name: 'Recent sign-in attempts' });
  await expect(attempts.getByText('Wrong password or PIN')).toHaveCount(5);
  await expect(leo.getByText("Leo's login is locked", { exact: false })).toHaveCount(0);

  // Wrong PINs from 30 other addresses in a day (as the sign-in function records each try): the
  // login locks for everyone.
  for (let i = 1; i <= 30; i += 1) {
    const begun = await db.query<{ try: { try?: number } }>(
      'select public.begin_child_sign_in($1, $2) as try',
      [lockName, `198.51.100.${i}`],
    );
    await db.query("select public.finish_child_sign_in($1, 'failed')", [begun.rows[0]!.try.try]);
  }
  await signInAsChild(child, lockName, PIN);
  await expect(child.getByText(CHILD_LOGIN_LOCKED, { exact: true }).first()).toBeVisible();
  // The parent is told at once, by email, with no PIN and no address in it.
  const mail = await waitForEmail('parent@ploom.local', /^Leo's sign-in was paused after many wrong PINs$/);
  expect(mail.text).toContain('/app/account/children');
  expect(mail.text).not.toContain(PIN);
  expect(mail.text).not.toContain('198.51.100.');

  await parent.reload();
  await expect(leo.getByText("Leo's login is locked", { exact: false })).toBeVisible();
  await expectNoAxeViolations(parent);
  await leo.getByRole('button', { name: "Unlock Leo's login" }).click();
  await expect(parent.getByText("Leo's login is unlocked", { exact: true })).toBeVisible();
  await expect(leo.getByRole('button', { name: "Unlock Leo's login" })).toHaveCount(0);
  // Kept: after a reload the login is not locked.
  await parent.reload();
  await expect(leo.getByText(lockName, { exact: true })).toBeVisible();
  await expect(leo.getByText("Leo's login is locked", { exact: false })).toHaveCount(0);
  await expect(leo.getByRole('button', { name: "Unlock Leo's login" })).toHaveCount(0);

  // Unlocking also gives this device its tries back.
  await signInAsChild(child, lockName, PIN);
  await child.waitForURL('**/child/dashboard');
  await expect(child.getByText('Hi Leo!')).toBeVisible();

  await leo.getByRole('button', { name: 'Remove login' }).click();
  await leo.getByRole('button', { name: 'Yes, remove the login' }).click();
  await expect(leo.getByText('Leo has no login yet.')).toBeVisible();
  await Promise.all([parentContext.close(), childContext.close()]);
});

test('the demo child signs in as "mia" and sees her dashboard, readable on a phone', async ({ browser }) => {
  const context = await withoutLastViews(await browser.newContext({ viewport: { width: 375, height: 740 } }));
  const page = await context.newPage();
  await signInAsChild(page, 'mia', 'ploom-demo-2026');
  await page.waitForURL('**/child/dashboard');
  await expect(page.getByText('Hi Mia!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your next session' })).toContainText('with Jordan');
  await expect(page.getByText('Rivera')).toHaveCount(0);
  // the at-home tools her coach set (seeded), not her brother's
  const tools = page.getByRole('region', { name: 'Your at-home tools' });
  await expect(tools.getByText('Balloon breaths')).toBeVisible();
  await expect(tools.getByText('One brave try a day')).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  await context.close();
});
