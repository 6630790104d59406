import type pg from 'pg';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { waitForEmail } from '../support/inbox.ts';
import { adminDb } from '../support/stack.ts';

/**
 * Messages between the demo family and its coach (docs/decisions/185): the parent writes, the
 * coach's open inbox shows it live and the coach answers, which the parent's open screen shows
 * live; the nav's unread count; each side's email switch. At 1280 and 390 px, axe clean.
 */

const FAMILY = 'a0000000-0000-4000-8000-000000000003';
const COACH_USER = 'a0000000-0000-4000-8000-000000000002';
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let db: pg.Client;

// The tests share the demo family's conversation: one after the other.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  db = await adminDb();
});

test.afterAll(async () => {
  await db.query(
    'update public.notification_preferences set family_messages = true where user_id = any($1)',
    [[FAMILY, COACH_USER]],
  );
  await db.end();
});

test('the demo parent writes to the coach; the coach’s open inbox shows it live and the coach answers', async ({
  pageAs,
}) => {
  test.setTimeout(90_000);
  const question = `Can we move bedtime practice to mornings? ${stamp()}`;
  // The stamp before the colon: the checks below match the text up to it, unique to this run.
  const answer = `Yes, mornings work well (${stamp()}): see https://example.com/mornings`;

  const coach = await pageAs('coach');
  await coach.goto('/admin/messages');
  await expect(coach.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const familyRow = coach.getByRole('link', { name: /Sam Rivera \(Mia/ });
  await expect(familyRow).toBeVisible();

  const parent = await pageAs('parent');
  await parent.goto('/app/messages');
  await expect(parent.getByTestId('reply-promise')).toHaveText(
    /Your coach usually replies within \d+ hours?\./,
  );
  await expect(parent.getByTestId('safeguarding-note')).toContainText('admins) can read this conversation');
  await parent.getByLabel('Your message').fill(question);
  await parent.getByRole('button', { name: 'Send' }).click();
  await expect(parent.getByRole('log', { name: 'Messages' }).getByText(question)).toBeVisible();

  // Live: the coach's inbox, open all along, shows the family unread without a reload.
  await expect(familyRow.getByText(/unread/)).toBeVisible({ timeout: 5000 });
  await expect(
    coach.getByRole('navigation').getByRole('link', { name: /Messages\s*\d+ unread/ }),
  ).toBeVisible();
  await familyRow.click();
  await expect(coach.getByRole('log', { name: 'Messages' }).getByText(question)).toBeVisible();
  await expect(coach.getByTestId('safeguarding-note')).toContainText(
    'Ploom’s admins can read this conversation',
  );
  await coach.getByLabel('Your message').fill(answer);
  await coach.getByRole('button', { name: 'Send' }).click();

  // Live on the parent's open screen, the link clickable and safe.
  const log = parent.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(answer.split(': ')[0]!)).toBeVisible({ timeout: 5000 });
  const link = log.getByRole('link', { name: 'https://example.com/mornings' }).last();
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(link).toHaveAttribute('href', 'https://example.com/mornings');

  // Kept: both reload and read the same.
  await parent.reload();
  await expect(parent.getByRole('log', { name: 'Messages' }).getByText(question)).toBeVisible();
  await coach.reload();
  await expect(coach.getByRole('log', { name: 'Messages' }).getByText(answer.split(': ')[0]!)).toBeVisible();

  for (const width of [1280, 390]) {
    for (const page of [parent, coach]) {
      await page.setViewportSize({ width, height: 844 });
      await expectNoAxeViolations(page);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(wide).toBe(false);
    }
  }
});

test('an unread message sends the coach one email after the delay, without its text, linking to it', async ({
  pageAs,
}) => {
  test.setTimeout(90_000);
  // An earlier attempt's email, dated by the moved clock below, would count as the last one (the
  // job sends one an hour, and only for messages newer than the last): a retry starts without it.
  await db.query(
    `delete from public.outbox
      where kind = 'message_email' and family_id = $1 and recipient_user_id = $2 and created_at > now()`,
    [FAMILY, COACH_USER],
  );
  const secret = `Mia had a hard day at school ${stamp()}`;
  const parent = await pageAs('parent', { viewport: { width: 390, height: 844 } });
  await parent.goto('/app/messages');
  await parent.getByLabel('Your message').fill(secret);
  await parent.getByRole('button', { name: 'Send' }).click();
  await expect(parent.getByRole('log', { name: 'Messages' }).getByText(secret)).toBeVisible();
  // Shown at once while on its way; the job below must find it saved.
  await expect(parent.getByTestId('message-sending')).toHaveCount(0);

  // The clock moved: the job runs as it would tomorrow at 18:00 UTC (midday in Jordan's Chicago),
  // long past the 15 minutes and the hour since any earlier email.
  const { rows } = await db.query<{ at: string }>(
    `select (date_trunc('day', now()) + interval '1 day 18 hours')::text as at`,
  );
  await db.query('select private.send_due_message_emails($1)', [rows[0]!.at]);
  // The job wakes the mail function, which may start cold on a loaded machine.
  // Jordan coaches Mia; her brother Leo is another coach's, so the subject names Mia alone.
  const mail = await waitForEmail('coach@ploom.local', /A new message from the family of/, 45_000);
  expect(mail.subject).toBe('A new message from the family of Mia');
  expect(mail.text).not.toContain('hard day');
  expect(mail.html).not.toContain('hard day');
  const link = /href="([^"]+\/admin\/messages\/[^"]+)"/.exec(mail.html)?.[1];
  expect(link).toContain(`/admin/messages/${FAMILY}`);

  const coach = await pageAs('coach', { viewport: { width: 1280, height: 800 } });
  await coach.goto(link!);
  await expect(coach.getByRole('log', { name: 'Messages' }).getByText(secret)).toBeVisible();
});

test('the parent’s nav counts an unread message; opening the conversation clears it for good', async ({
  pageAs,
}) => {
  await db.query(
    `insert into public.family_messages (family_id, sender_id, sender_role, body)
     values ($1, $2, 'coach', $3)`,
    [FAMILY, COACH_USER, `A quick note before Thursday ${stamp()}`],
  );
  const parent = await pageAs('parent', { viewport: { width: 1280, height: 800 } });
  await parent.goto('/app');
  const nav = parent.getByRole('navigation', { name: 'Parent sections' });
  await expect(nav.getByRole('link', { name: /Messages\s*\d+ unread/ })).toBeVisible();
  await nav.getByRole('link', { name: /Messages/ }).click();
  await expect(parent.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await parent.reload();
  await expect(
    parent
      .getByRole('navigation', { name: 'Parent sections' })
      .getByRole('link', { name: 'Messages', exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(parent);
});

test('each side turns the unread-message emails off in their account, and it stays off after a reload', async ({
  pageAs,
}) => {
  const label = /Email me when a message has waited unread/;
  const parent = await pageAs('parent', { viewport: { width: 390, height: 844 } });
  await parent.goto('/app/account?section=notifications');
  await expect(parent.getByLabel(label)).toBeChecked();
  await parent.getByLabel(label).uncheck();
  await expect(parent.getByText('Email choice saved', { exact: true })).toBeVisible();
  await parent.reload();
  await expect(parent.getByLabel(label)).not.toBeChecked();
  await expectNoAxeViolations(parent);

  const coach = await pageAs('coach', { viewport: { width: 1280, height: 800 } });
  await coach.goto('/admin/account');
  await expect(coach.getByLabel(label)).toBeChecked();
  await coach.getByLabel(label).uncheck();
  await expect(coach.getByText('Email choice saved', { exact: true })).toBeVisible();
  await coach.reload();
  await expect(coach.getByLabel(label)).not.toBeChecked();
  await expectNoAxeViolations(coach);

  const { rows } = await db.query<{ user_id: string; family_messages: boolean }>(
    'select user_id, family_messages from public.notification_preferences where user_id = any($1) order by user_id',
    [[FAMILY, COACH_USER]],
  );
  expect(rows).toEqual([
    { user_id: COACH_USER, family_messages: false },
    { user_id: FAMILY, family_messages: false },
  ]);
});
