import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { adminDb } from '../support/stack.ts';
import { holding } from './support/locks.ts';
import type { DemoRole } from './support/roles.ts';

/**
 * Session notes, saved the way /admin/sessions saves them: the coach (or an admin) opens a session's
 * details, types the notes and presses Save; after a reload the notes are there. A save that fails
 * keeps the typed text in the box, even when another form's save reloads the session's follow-up.
 */
test.use({ timezoneId: 'UTC' });

/** The seeded past sessions of Mia with the demo coach (supabase/seed.sql): one per role, no race. */
const sessionOf: Partial<Record<DemoRole, string>> = {
  coach: 'e0000000-0000-4000-8000-000000000001',
  admin: 'e0000000-0000-4000-8000-000000000002',
};

async function dayOf(sessionId: string): Promise<string> {
  const db = await adminDb();
  try {
    const { rows } = await db.query<{ day: string }>(
      `select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD') as day from public.coaching_sessions where id = $1`,
      [sessionId],
    );
    return rows[0]!.day;
  } finally {
    await db.end();
  }
}

/** The list of that day's sessions, then the session's details (they take the focus). */
async function openDetails(page: Page, day: string) {
  await page.goto(`/admin/sessions?view=list&from=${day}&to=${day}`);
  await page
    .getByRole('button', { name: /^Details: Mia/ })
    .first()
    .click();
  const details = page.getByRole('group', { name: /^Mia with / });
  await expect(details).toBeFocused();
  await expect(details).toBeInViewport();
  return details;
}

for (const role of ['coach', 'admin'] as const) {
  test.describe(`as the demo ${role}`, () => {
    test.use({ signedInAs: role });

    test('saves session notes from the session details; a failed save keeps the typed text', async ({
      page,
    }) => {
      const day = await dayOf(sessionOf[role]!);
      let details = await openDetails(page, day);
      const notes = details.getByRole('textbox', { name: 'Session notes' });
      // The stored note has loaded into the box before anything is typed.
      await expect(notes).not.toHaveValue('');

      // The network fails once: the toast says so and the text stays, even after another save
      // (the points) reloads the follow-up.
      const failing = `Failed save kept, ${role} ${Date.now()}`;
      await page.route('**/rest/v1/session_notes*', (route) => route.abort('failed'));
      await notes.fill(failing);
      await details.getByRole('button', { name: 'Save notes' }).click();
      await expect(page.getByText('Notes not saved', { exact: true })).toBeVisible();
      await expect(notes).toHaveValue(failing);
      // Awarding Mia points: no other test reads her total meanwhile.
      await holding('mia_points', 'alone', async () => {
        await details.getByRole('button', { name: 'Award points' }).click();
        await expect(page.getByText('10 Ploom Points awarded', { exact: true })).toBeVisible();
      });
      await expect(notes).toHaveValue(failing);
      await page.unroute('**/rest/v1/session_notes*');

      const kept = `Worked on naming big feelings; ${role} ${Date.now()}`;
      await notes.fill(kept);
      await details.getByRole('button', { name: 'Save notes' }).click();
      await expect(page.getByText('Session notes saved', { exact: true })).toBeVisible();

      await page.reload();
      details = await openDetails(page, day);
      await expect(details.getByRole('textbox', { name: 'Session notes' })).toHaveValue(kept);
    });
  });
}
