import ICAL from 'ical.js';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { adminDb, uniqueEmail } from '../support/stack.ts';
import { attachmentText, waitForEmail, type InboxEmail } from '../support/inbox.ts';
import { startEachTestWithFreshMailCaps } from './support/mail-caps.ts';

/**
 * The intro call booked on the spot (issue 23, decisions 170 and 225): a new parent sends the
 * intro-call form, is back on /coaching after 1.5 s, where a panel offers to pick the time now,
 * picks a time in their own zone, gets the emails with the .ics (so does the team member who takes
 * it), moves the call by the email's link and cancels it; the admin sees the booked call in the
 * lead's panel. No account anywhere on the parent's side.
 */

startEachTestWithFreshMailCaps();

/** The .ics is named for the call's day in the recipient's zone; a cancellation says so. */
const INVITE = /^ploom-intro-call-\d{4}-\d{2}-\d{2}\.ics$/;
const CANCELLATION = /^ploom-intro-call-\d{4}-\d{2}-\d{2}-cancelled\.ics$/;

/** The email's .ics, read with a real iCalendar parser. */
async function calendarOf(mail: InboxEmail, fileName = INVITE) {
  const file = mail.attachments?.find((a) => fileName.test(a.fileName));
  expect(file, 'the .ics, by its name').toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(await attachmentText(mail, file!.fileName)));
  const event = new ICAL.Event(calendar.getAllSubcomponents('vevent')[0]);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    start: event.startDate.toJSDate().toISOString(),
  };
}

/** Picks the first (or `nth`) time of the week shown; its full name and instant. */
async function pick(page: Page, nth = 0): Promise<{ name: string; startsAt: string }> {
  const slot = page.getByRole('radio').nth(nth);
  await expect(slot).toBeEnabled();
  const name = (await slot.getAttribute('aria-label'))!;
  const startsAt = new Date(Number(await slot.getAttribute('value'))).toISOString();
  await slot.check();
  return { name, startsAt };
}

/** Goes one page of times on and picks the first (or `nth`) time; its full name and instant. */
async function pickLater(page: Page, nth = 0): Promise<{ name: string; startsAt: string }> {
  await page.getByRole('button', { name: 'Later times' }).click();
  // The week before stays on screen, not to be picked, until the later times have come.
  return pick(page, nth);
}

async function atPhoneWidth(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.use({ timezoneId: 'Europe/London' });

test('a new parent books the intro call on the spot, moves it by the email, reloads and sees it kept, then cancels it; the admin sees it in the lead panel', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('intro-e2e');
  // Unique to the attempt: a retry must not find the emails of the attempt before.
  const surname = `Introcall${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 5)}`;
  const db = await adminDb();
  try {
    await page.goto('/request-fit-call');
    await page.getByLabel("Parent's name").fill(`Dana ${surname}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+1 (555) 010-3030');
    await page.getByRole('button', { name: 'Request My Free Intro Call' }).click();
    await expect(page.getByText('Request Received!', { exact: true })).toBeVisible();
    await expect(
      page.getByText("We'll reach out within 24 hours to schedule your free Intro Call.", { exact: true }),
    ).toBeVisible();

    // back on /coaching after 1.5 s, the lead's token in the fragment: the panel offers the booking
    await page.waitForURL(
      (url) => url.pathname === '/coaching' && url.hash.startsWith('#intro-call-token='),
      {
        timeout: 10_000,
      },
    );
    const offer = page.getByRole('region', { name: 'Pick your intro call time now' });
    await expect(offer).toBeVisible();
    await offer.getByRole('link', { name: 'See open times' }).click();

    // the booking page, the lead's token in its fragment
    await page.waitForURL((url) => url.pathname === '/intro-call' && /^#token=[0-9a-f]{64}$/.test(url.hash));
    await expect(page.getByRole('heading', { name: "Hi Dana, let's find a time to talk" })).toBeVisible();
    await expect(page.getByText(/Times are shown in your time zone \(Europe\/London\)/)).toBeVisible();
    // the picker opens on the week of the team's first open time, never on an empty week
    await expect(page.getByRole('radio').first()).toBeEnabled();
    await expect(page.getByText(/No open times this week/)).toHaveCount(0);
    const booking = await pick(page);
    expect(booking.name).toMatch(/ at \d{1,2}:\d{2} [AP]M$/);
    await expect(page.getByText(/Europe\/London/)).toHaveCount(1);
    await expectNoAxeViolations(page);
    await atPhoneWidth(page);
    await page.getByRole('button', { name: `Book ${booking.name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your intro call is booked for' })).toContainText(
      `${booking.name} (Europe/London)`,
    );

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your free intro call' })).toBeVisible();
    await expect(page.getByTestId('intro-call-time')).toHaveText(`${booking.name} (Europe/London)`);
    await expectNoAxeViolations(page);
    await atPhoneWidth(page);

    const { rows } = await db.query<{ lead_id: string; id: string; host_email: string; status: string }>(
      `select c.lead_id, c.id, u.email as host_email, l.status
       from public.intro_calls c join public.leads l on l.id = c.lead_id join auth.users u on u.id = c.host_id
       where lower(l.email) = lower($1) and c.status = 'scheduled'`,
      [email],
    );
    expect(rows).toHaveLength(1);
    const call = rows[0]!;
    expect(call.status).toBe('call_scheduled');
    const uid = `intro-call-${call.id}@ploom`;

    // both emails, each with the call's .ics
    const toParent = await waitForEmail(email, /^Intro call booked/, 20_000);
    expect(toParent.text).toContain('(Europe/London)');
    expect(await calendarOf(toParent)).toEqual({ method: 'REQUEST', uid, start: booking.startsAt });
    const toHost = await waitForEmail(
      call.host_email,
      new RegExp(`^Intro call booked: with Dana ${surname}`),
      20_000,
    );
    expect(await calendarOf(toHost)).toEqual({ method: 'REQUEST', uid, start: booking.startsAt });

    // the email's link: move the call
    const link = /href="([^"]*\/intro-call#token=[0-9a-f]{64})"/.exec(toParent.html)![1]!;
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByTestId('intro-call-time')).toHaveText(`${booking.name} (Europe/London)`);
    await page.getByRole('button', { name: 'Move the call' }).click();
    const moved = await pickLater(page, 1);
    await page.getByRole('button', { name: `Move to ${moved.name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your intro call has moved to' })).toContainText(
      moved.name,
    );
    await page.reload();
    await expect(page.getByTestId('intro-call-time')).toHaveText(`${moved.name} (Europe/London)`);
    const movedMail = await waitForEmail(email, /^Intro call moved/, 20_000);
    expect(await calendarOf(movedMail)).toEqual({ method: 'REQUEST', uid, start: moved.startsAt });

    // the admin's lead panel, in the admin's own zone
    const admin = await pageAs('admin', { timezoneId: 'America/New_York' });
    await admin.goto(`/admin/waitlist?lead=${call.lead_id}`);
    const panel = admin.getByRole('region', { name: new RegExp(`Dana ${surname}`) });
    const callSection = panel.getByRole('region', { name: 'Intro call' });
    const inNewYork = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(new Date(moved.startsAt));
    await expect(callSection.getByTestId('lead-intro-call-time')).toContainText(
      `${inNewYork} (America/New York)`,
    );
    await expect(callSection).toContainText('Booked');
    await expect(panel.getByLabel('Status')).toHaveValue('call_scheduled');
    await expect(panel.getByRole('list', { name: 'History' })).toContainText(
      'Status: New → Intro call booked',
    );
    await expectNoAxeViolations(admin);
    await atPhoneWidth(admin);

    // and the parent cancels it: the page offers times again, the calendar gets the cancellation
    await page.getByRole('button', { name: 'Cancel the call' }).click();
    await page.getByRole('button', { name: 'Yes, cancel the call' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your intro call is cancelled' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: "Hi Dana, let's find a time to talk" })).toBeVisible();
    const cancelled = await waitForEmail(email, /^Intro call cancelled/, 20_000);
    expect(await calendarOf(cancelled, CANCELLATION)).toMatchObject({ method: 'CANCEL', uid });
  } finally {
    await db.end();
  }
});

test('a wrong or expired link says so and leads back to the request form', async ({ page }) => {
  await page.goto(`/intro-call#token=${'0'.repeat(64)}`);
  await expect(page.getByRole('heading', { name: 'This link is not valid or has expired' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request an intro call' })).toHaveAttribute(
    'href',
    '/request-fit-call',
  );
  await expectNoAxeViolations(page);
  await page.goto('/intro-call');
  await expect(page.getByRole('heading', { name: 'This link is not valid or has expired' })).toBeVisible();
});
