import type { Page } from '@playwright/test';
import type pg from 'pg';
import { adminDb } from '../support/stack.ts';
import { expect, test } from './support/fixtures.ts';
import { holding } from './support/locks.ts';

/**
 * The coach's follow-up of a session, made the way /admin/sessions makes it: the weekly update for
 * the parent (shared, then edited) and Ploom Points for the child. After each reload the coach's
 * screen shows what was saved, and the parent reads the update and the points in the family's app.
 */
test.use({ timezoneId: 'UTC', signedInAs: 'coach' });

const MIA = 'd0000000-0000-4000-8000-000000000001';
const DEMO_COACH = 'c0000000-0000-4000-8000-000000000001';

let db: pg.Client;
let session: { id: string; day: string };
// (the points stay, as a coach's award does: taking them back would change Mia's total once more)
const reason = `Brave try at school ${Date.now().toString(36)}`;

test.beforeAll(async () => {
  db = await adminDb();
  // A past session of Mia's with the demo coach, weeks back (clear of this week's counts and of
  // the seeded sessions), at an odd minute: the only one on its day.
  const days = 20 + Math.floor(Math.random() * 20);
  const minute = 7 + Math.floor(Math.random() * 20) * 2;
  const { rows } = await db.query<{ id: string; day: string }>(
    `insert into public.coaching_sessions (child_id, coach_id, starts_at, status)
     values ($1, $2, date_trunc('hour', now()) - make_interval(days => $3) + make_interval(mins => $4), 'completed')
     returning id, to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD') as day`,
    [MIA, DEMO_COACH, days, minute],
  );
  session = rows[0];
});

test.afterAll(async () => {
  await db.query('delete from public.parent_updates where session_id = $1', [session.id]);
  await db.query('delete from public.coaching_sessions where id = $1', [session.id]);
  await db.end();
});

/** The session's details from its day's list (the filters live in the address), loaded. */
async function openDetails(page: Page) {
  await page.getByRole('button', { name: /^Details: Mia/ }).click();
  const details = page.getByRole('region', { name: 'Mia with Jordan Ellis' });
  // The follow-up has loaded (the boxes take the saved text then): the points line shows.
  await expect(details.getByText(/points given since this session started\.$/)).toBeVisible();
  return details;
}

async function pointsGiven(details: Awaited<ReturnType<typeof openDetails>>): Promise<number> {
  const line = await details.getByText(/points given since this session started\.$/).textContent();
  return Number(/^(\d+)/.exec(line ?? '')?.[1] ?? NaN);
}

test('the weekly update and the points are kept after a reload, and the parent reads both', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  const update = `Mia practised her balloon breaths before bed every night (${stamp}).`;
  const edited = `${update} She also named two feelings at dinner.`;
  const toast = (title: string) => page.getByText(title, { exact: true });

  // The update becomes Mia's latest: the family dashboard's spec waits while it is there.
  await holding('mia_latest_update', 'alone', async () => {
    await page.goto(`/admin/sessions?view=list&from=${session.day}&to=${session.day}`);
    let details = await openDetails(page);
    const box = () => details.getByRole('textbox', { name: 'Weekly update for the parent' });
    await expect(box()).toHaveValue('');
    await box().fill(update);
    await details.getByRole('button', { name: 'Share update' }).click();
    await expect(toast('Update shared with the family')).toBeVisible();

    const before = await pointsGiven(details);
    await details.getByLabel('Ploom Points', { exact: true }).fill('7');
    await details.getByLabel('For', { exact: true }).fill(reason);
    await holding('mia_points', 'alone', async () => {
      await details.getByRole('button', { name: 'Award points' }).click();
      await expect(toast('7 Ploom Points awarded')).toBeVisible();
    });

    await page.reload();
    details = await openDetails(page);
    await expect(box()).toHaveValue(update);
    await expect(box()).toHaveAccessibleDescription('Shared with the family.');
    // (other specs may give Mia points meanwhile: at least these 7 are counted)
    expect(await pointsGiven(details)).toBeGreaterThanOrEqual(before + 7);

    // An edit of the shared update is kept too.
    await box().fill(edited);
    await details.getByRole('button', { name: 'Share update' }).click();
    await expect(toast('Update shared with the family')).toBeVisible();
    await page.reload();
    details = await openDetails(page);
    await expect(box()).toHaveValue(edited);

    // The other side: the parent reads the edited update and the points.
    try {
      const parent = await pageAs('parent');
      await parent.goto('/app');
      await expect(parent.getByRole('article', { name: 'Mia' }).getByText(edited)).toBeVisible();
      await parent.goto('/app/ploom-points');
      await expect(
        parent.getByRole('region', { name: 'Mia' }).getByRole('listitem').filter({ hasText: reason }),
      ).toContainText('+7');
    } finally {
      await db.query('delete from public.parent_updates where session_id = $1', [session.id]);
    }
  });
});
