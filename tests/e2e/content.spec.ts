import type { Request } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { adminDb, uniqueEmail } from '../support/stack.ts';
import { listEmails, waitForEmail } from '../support/inbox.ts';
import { startEachTestWithFreshMailCaps } from './support/mail-caps.ts';

startEachTestWithFreshMailCaps();

const TEAM_EMAIL = process.env.TEAM_EMAIL ?? 'team@ploom.local';

const pages: { path: string; h1: RegExp; internal?: boolean }[] = [
  { path: '/about', h1: /About Ploom/ },
  { path: '/programs', h1: /1:1 coaching for kids/ },
  { path: '/faq', h1: /Questions parents ask us/ },
  { path: '/contact', h1: /Contact us/ },
  { path: '/privacy', h1: /Privacy Policy/ },
  { path: '/terms', h1: /Terms of Service/ },
  { path: '/brand-guidelines', h1: /Brand Guidelines/ },
  { path: '/process-logo', h1: /The Ploom logo/ },
  { path: '/facebook-assets', h1: /Facebook assets/, internal: true },
  { path: '/ad-creatives', h1: /Ad creatives/, internal: true },
  { path: '/test-email', h1: /Email previews/, internal: true },
];

/** The team's notification that mentions `email` (other tests notify the team too). */
async function waitForTeamEmailAbout(email: string, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await listEmails()).find(
      (mail) => mail.to.some((to) => to.address === TEAM_EMAIL) && mail.text.includes(email),
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no team email about ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

for (const { path, h1, internal } of pages) {
  test(`${path} renders its heading, its own title, and is axe clean`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page.locator('main#main')).toHaveCount(1);
    await expect(page).toHaveTitle(/\| Ploom$/);
    const robots = page.locator('meta[name="robots"]');
    if (internal) await expect(robots).toHaveAttribute('content', 'noindex');
    else await expect(robots).toHaveCount(0);
    if (path === '/test-email') {
      await expect(page.locator('iframe')).toHaveAttribute('title', /email preview/);
      await expect(page.locator('iframe')).toHaveAttribute('sandbox', '');
    }
    // An email preview is a sandboxed document (no scripts), which axe cannot enter; the page around it is checked.
    await expectNoAxeViolations(page, path === '/test-email' ? { exclude: 'iframe' } : {});
  });
}

test('the FAQ answers open and close one by one', async ({ page }) => {
  await page.goto('/faq');
  const question = page.getByRole('button', { name: 'Is Ploom therapy?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/developmental education, not therapy/).first()).toBeVisible();
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'false');
});

test('a FAQ question far down the page opens at the first click (its group hydrates on the way)', async ({
  page,
}) => {
  await page.goto('/faq');
  await expect(page.getByRole('button', { name: 'Is Ploom therapy?' })).toBeEnabled();
  const question = page.getByRole('button', { name: 'Are sessions recorded?' });
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'false');
});

test('the contact form stores the message and the team is emailed', async ({ page }) => {
  const email = uniqueEmail('contact');
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();

  await page.getByLabel('Your name').fill('Casey Contact');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Topic').selectOption('program');
  await page
    .getByLabel('Message', { exact: true })
    .fill('Could sessions be at 5 pm on weekdays? Our son is 10.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent!', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Your name')).toHaveValue('');

  const db = await adminDb();
  try {
    const { rows } = await db.query('select * from public.contact_messages where email = $1', [email]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Casey Contact', topic: 'program', status: 'new' });
  } finally {
    await db.end();
  }
  const teamMail = await waitForTeamEmailAbout(email);
  expect(teamMail.subject).toMatch(/Contact form/);
  expect(teamMail.text).toContain('Could sessions be at 5 pm on weekdays?');
  await waitForEmail(email, /We received your message/, 15000);
});

test('a failed contact send keeps what was typed and says so', async ({ page }) => {
  await page.route('**/rest/v1/contact_messages*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
  );
  await page.goto('/contact');
  await page.getByLabel('Your name').fill('Casey Retry');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('retry'));
  await page.getByLabel('Topic').selectOption('general');
  await page.getByLabel('Message', { exact: true }).fill('Is there a sibling discount?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please try again or contact us directly.', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Your name')).toHaveValue('Casey Retry');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Is there a sibling discount?');
});

test('the UTM builder builds the campaign link and copies it', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/facebook-assets');
  await page.getByLabel('Landing page', { exact: true }).selectOption('/coaching');
  await page.getByLabel('Source', { exact: true }).fill('Facebook');
  await page.getByLabel('Medium', { exact: true }).fill('paid_social');
  await page.getByLabel('Campaign', { exact: true }).fill('Spring Intro Calls');
  await page.getByRole('textbox', { name: /^Content/ }).fill('calmer-homes-square');
  const expected = `${baseURL}/coaching?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring_intro_calls&utm_content=calmer-homes-square`;
  await expect(page.getByLabel('Campaign link')).toHaveValue(expected);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
});

test('the ad creatives offer both sizes as SVG and PNG downloads', async ({ page }) => {
  await page.goto('/ad-creatives');
  const images = page.locator('main img');
  await expect(images.first()).toBeVisible();
  const sizes = await images.evaluateAll((els) =>
    els.map((el) => `${el.getAttribute('width')}x${el.getAttribute('height')}`),
  );
  expect(sizes).toContain('1080x1080');
  expect(sizes).toContain('1200x628');
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: /Download Feed square: .* as PNG/ })
    .first()
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ploom-.+-1080x1080\.png$/);
  const path = await file.path();
  const fs = await import('node:fs');
  const bytes = fs.readFileSync(path);
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  expect(bytes.readUInt32BE(16)).toBe(1080); // IHDR width
});

test('/test-email previews the emails and sends nothing', async ({ page }) => {
  const functionCalls: string[] = [];
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    inFlight.add(request);
    if (request.url().includes('/functions/v1/')) functionCalls.push(request.url());
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  const sampleAddresses = ['jordan.rivera@example.com', 'team@example.com'];
  const countSample = async () =>
    (await listEmails()).filter((mail) => mail.to.some((to) => sampleAddresses.includes(to.address))).length;
  const before = await countSample();

  await page.clock.install();
  await page.goto('/test-email');
  for (const name of [
    'Newsletter welcome',
    'Intro call confirmation',
    'Intro call: team notification',
    'Contact form: team notification',
    'Contact form: receipt',
  ]) {
    await page.getByRole('button', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    const frame = page.frameLocator('iframe');
    await expect(frame.locator('h1')).toBeVisible();
  }
  await expect(page.getByTestId('email-subject')).toHaveText('We received your message');
  await page.getByRole('button', { name: 'Plain text' }).click();
  await expect(page.locator('pre')).toContainText('Jordan');

  // Every timer the page set runs now: anything it would send later would be sent by then.
  await page.clock.runFor(10_000);
  // …and every request they started has been answered (the page keeps no connection open).
  await expect.poll(() => inFlight.size).toBe(0);
  expect(functionCalls).toEqual([]);
  expect(await countSample()).toBe(before);
});
