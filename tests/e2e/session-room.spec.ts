import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { axeViolations } from './support/fixtures.ts';
import { holding, takeLock, type HeldLock } from './support/locks.ts';
import { storageStateOf, type DemoRole } from './support/roles.ts';

/**
 * The session room in Chromium with fake camera and microphone (the "room" project of
 * playwright.config.ts): the demo coach, parent and child meet in a session created here to start now.
 */

// One room at a time: the demo coach is in every session here.
test.describe.configure({ mode: 'serial' });
// Three Chromium contexts with live video on 2 cores take their time.
test.setTimeout(120_000);

const MIA = 'd0000000-0000-4000-8000-000000000001';
const DEMO_COACH = 'c0000000-0000-4000-8000-000000000001';
const ARJUN = 'd0000000-0000-4000-8000-000000000003'; // another family's child
const ARJUN_COACH = 'c0000000-0000-4000-8000-000000000003';

let db: pg.Client;
const created: string[] = [];

test.beforeAll(async () => {
  const url = process.env.SUPABASE_DB_URL;
  if (!url) throw new Error('SUPABASE_DB_URL is not set: run through scripts/with-test-stack.ts e2e');
  db = new pg.Client({ connectionString: url });
  db.on('error', () => {});
  await db.connect();
});

test.afterAll(async () => {
  if (created.length) await db.query('delete from public.coaching_sessions where id = any($1)', [created]);
  await db.end();
});

// While a session of Mia's is in progress her family's dashboard shows it as her next one, which
// family-parent.spec.ts reads: it exists only while this file holds that lock alone.
let miaNow: HeldLock | undefined;

/** Removes the sessions made so far (the admin overview counts this week's: ./support/locks.ts). */
async function removeSessions() {
  if (!created.length) return;
  await holding('sessions_this_week', 'shared', () =>
    db.query('delete from public.coaching_sessions where id = any($1)', [created.splice(0)]),
  );
}

test.afterEach(async () => {
  await removeSessions();
  await miaNow?.release();
  miaNow = undefined;
});

/**
 * A 30-minute session that started a minute ago (so its room is open). The earlier tests' sessions
 * go first: a coach or a child cannot have two sessions at once.
 */
async function sessionNow(childId = MIA, coachId = DEMO_COACH): Promise<string> {
  await removeSessions();
  if (childId === MIA) miaNow ??= await takeLock('mia_session_now', 'alone');
  const { rows } = await holding('sessions_this_week', 'shared', () =>
    db.query<{ id: string }>(
      `insert into public.coaching_sessions (child_id, coach_id, starts_at, duration_minutes)
       values ($1, $2, now() - interval '1 minute', 30) returning id`,
      [childId, coachId],
    ),
  );
  created.push(rows[0]!.id);
  return rows[0]!.id;
}

const roomPath: Record<DemoRole, (id: string) => string> = {
  admin: (id) => `/admin/session-room/${id}`,
  coach: (id) => `/admin/session-room/${id}`,
  parent: (id) => `/app/session/${id}`,
  child: (id) => `/child/session/${id}`,
};

interface Participant {
  context: BrowserContext;
  page: Page;
}

async function open(
  browser: Browser,
  role: DemoRole,
  sessionId: string,
  init?: () => void,
): Promise<Participant> {
  const context = await browser.newContext({
    storageState: storageStateOf(role),
    permissions: ['camera', 'microphone'],
  });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  await page.goto(roomPath[role](sessionId));
  return { context, page };
}

async function join({ page }: Participant) {
  await page.getByRole('button', { name: 'Join the session' }).click();
}

/** Each remote video shows moving frames: the frame count grows between two looks. */
async function expectMovingRemoteVideo(page: Page, count: number) {
  const tiles = page.getByTestId('remote-tile');
  await expect(tiles).toHaveCount(count, { timeout: 15_000 });
  for (let i = 0; i < count; i++) {
    const video = tiles.nth(i).locator('video');
    const frames = () =>
      video.evaluate((v: HTMLVideoElement) =>
        v.readyState >= 2 ? v.getVideoPlaybackQuality().totalVideoFrames : 0,
      );
    await expect.poll(frames, { timeout: 15_000 }).toBeGreaterThan(0);
    const first = await frames();
    // Three contexts decoding live video on 2 loaded cores can fall to a frame or two a second.
    await expect.poll(frames, { timeout: 15_000 }).toBeGreaterThan(first + 5);
  }
}

/** Each remote participant's audio arrives: a live, unmuted track whose beeps light "speaking". */
async function expectRemoteAudio(page: Page, count: number) {
  const tiles = page.getByTestId('remote-tile');
  for (let i = 0; i < count; i++) {
    const tile = tiles.nth(i);
    await expect
      .poll(() =>
        tile.locator('video').evaluate((v: HTMLVideoElement) => {
          const track = (v.srcObject as MediaStream | null)?.getAudioTracks()[0];
          return track ? `${track.readyState} ${track.muted ? 'muted' : 'flowing'}` : 'none';
        }),
      )
      .toBe('live flowing');
    await expect(tile).toHaveAttribute('data-speaking', 'true', { timeout: 10_000 });
  }
}

test('the coach and a parent see and hear each other; the family waits until the coach is there', async ({
  browser,
}) => {
  const sessionId = await sessionNow();
  const parent = await open(browser, 'parent', sessionId);
  await join(parent);
  await expect(parent.page.getByText('Your coach will let you in.')).toBeVisible();
  await expect(parent.page.getByTestId('session-clock')).toHaveText(/left$/);

  const coach = await open(browser, 'coach', sessionId);
  await join(coach);
  await expectMovingRemoteVideo(coach.page, 1);
  await expectMovingRemoteVideo(parent.page, 1);
  await expect(coach.page.getByTestId('remote-tile')).toContainText('Sam');
  await expect(parent.page.getByTestId('remote-tile')).toContainText('Jordan');
  await expectRemoteAudio(coach.page, 1);
  await expectRemoteAudio(parent.page, 1);
  await Promise.all([coach.context.close(), parent.context.close()]);
});

/** Whether the element is wholly inside the window (not below the fold, not off the side). */
const onFirstScreen = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  });

test('Join is on the first screen, and once joined the room is the whole screen with its controls', async ({
  browser,
}) => {
  const sessionId = await sessionNow();
  for (const role of ['parent', 'coach', 'child'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const participant = await open(browser, role, sessionId);
      const { page } = participant;
      await page.setViewportSize(viewport);
      const joinButton = page.getByRole('button', { name: 'Join the session' });
      await expect(joinButton).toBeEnabled();
      expect(await onFirstScreen(joinButton), `Join for the ${role} at ${viewport.width} px`).toBe(true);
      await joinButton.click();
      const room = page.getByRole('region', { name: 'Session room' });
      await expect(room).toBeFocused();
      expect(await room.boundingBox()).toEqual({ x: 0, y: 0, ...viewport });
      const leave = page.getByRole('button', { name: 'Leave' });
      await expect(leave).toBeVisible();
      expect(await onFirstScreen(leave), `Leave for the ${role} at ${viewport.width} px`).toBe(true);
      expect(
        await onFirstScreen(page.locator('summary', { hasText: 'Devices' })),
        `devices at ${viewport.width} px`,
      ).toBe(true);
      await participant.context.close();
    }
  }
});

test('coach, parent and child: three in one call, each receiving the two others', async ({ browser }) => {
  const sessionId = await sessionNow();
  const people = await Promise.all(
    (['coach', 'parent', 'child'] as const).map((role) => open(browser, role, sessionId)),
  );
  for (const person of people) await join(person);
  for (const person of people) await expectMovingRemoteVideo(person.page, 2);
  await expectRemoteAudio(people[2]!.page, 2);
  await Promise.all(people.map((p) => p.context.close()));
});

test('a parent who reloads comes back into the call without the coach doing anything', async ({
  browser,
}) => {
  const sessionId = await sessionNow();
  const coach = await open(browser, 'coach', sessionId);
  const parent = await open(browser, 'parent', sessionId);
  await join(coach);
  await join(parent);
  await expectMovingRemoteVideo(coach.page, 1);
  const before = await coach.page.getByTestId('remote-tile').getAttribute('data-peer-id');

  await parent.page.reload();
  // the parent is back in the call on their own, and the coach sees their new video
  await expectMovingRemoteVideo(parent.page, 1);
  await expect(coach.page.getByTestId('remote-tile')).toHaveCount(1);
  await expect(coach.page.getByTestId('remote-tile')).not.toHaveAttribute('data-peer-id', before!);
  await expectMovingRemoteVideo(coach.page, 1);
  await Promise.all([coach.context.close(), parent.context.close()]);
});

/** In the page: every WebSocket it opens, so a test can close the Realtime socket under it. */
function keepSockets() {
  const sockets: WebSocket[] = [];
  (window as unknown as { __sockets: WebSocket[] }).__sockets = sockets;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      sockets.push(this);
    }
  };
}

/** Marks the remote video element, so a later look tells whether it is still the same one. */
const markRemoteVideo = (page: Page) =>
  page
    .getByTestId('remote-tile')
    .locator('video')
    .evaluate((v) => {
      v.dataset.before = 'drop';
    });

test('a parent whose network drops is told "Reconnecting…", then "Connected again." when it returns', async ({
  browser,
}) => {
  const sessionId = await sessionNow();
  const coach = await open(browser, 'coach', sessionId);
  const parent = await open(browser, 'parent', sessionId);
  await join(coach);
  await join(parent);
  await expectMovingRemoteVideo(parent.page, 1);
  const status = parent.page.getByRole('status').filter({ hasText: /Reconnecting|Connected again/ });

  await parent.context.setOffline(true);
  await expect(status).toHaveText('Reconnecting…');
  expect(await axeViolations(parent.page, { include: '[data-testid="connection-status"]' })).toEqual([]);
  await parent.page.waitForTimeout(3000);
  await parent.context.setOffline(false);
  await expect(status).toHaveText('Connected again.');
  await expectMovingRemoteVideo(parent.page, 1);
  await expectMovingRemoteVideo(coach.page, 1);
  // the notice goes once the call is back
  await expect(parent.page.getByTestId('connection-status')).toHaveText('', { timeout: 10_000 });
  await Promise.all([coach.context.close(), parent.context.close()]);
});

test("a parent's Realtime socket dropping does not interrupt the call: the coach keeps their video", async ({
  browser,
}) => {
  const sessionId = await sessionNow();
  const coach = await open(browser, 'coach', sessionId);
  const parent = await open(browser, 'parent', sessionId, keepSockets);
  await join(coach);
  await join(parent);
  await expectMovingRemoteVideo(coach.page, 1);
  await expectMovingRemoteVideo(parent.page, 1);
  await markRemoteVideo(coach.page);
  await markRemoteVideo(parent.page);
  const peer = await coach.page.getByTestId('remote-tile').getAttribute('data-peer-id');

  await parent.page.evaluate(() => {
    for (const ws of (window as unknown as { __sockets: WebSocket[] }).__sockets) ws.close();
  });
  await expect(parent.page.getByTestId('connection-status')).toHaveText('Reconnecting…');
  // the socket comes back on its own within a moment, and presence with it
  await expect(parent.page.getByTestId('connection-status')).toHaveText('Connected again.', {
    timeout: 5_000,
  });
  await expect
    .poll(() =>
      parent.page.evaluate(() => (window as unknown as { __sockets: WebSocket[] }).__sockets.length),
    )
    .toBeGreaterThan(1);
  // the same call all along: the same tile and video element on both sides, still moving
  await expect(coach.page.getByTestId('remote-tile')).toHaveAttribute('data-peer-id', peer!);
  await expect(coach.page.getByTestId('remote-tile').locator('video')).toHaveAttribute('data-before', 'drop');
  await expect(parent.page.getByTestId('remote-tile').locator('video')).toHaveAttribute(
    'data-before',
    'drop',
  );
  await expectMovingRemoteVideo(coach.page, 1);
  await expectMovingRemoteVideo(parent.page, 1);
  await Promise.all([coach.context.close(), parent.context.close()]);
});

test('the coach ends the session for everyone, and attendance is recorded', async ({ browser }) => {
  const sessionId = await sessionNow();
  const coach = await open(browser, 'coach', sessionId);
  const parent = await open(browser, 'parent', sessionId);
  await join(coach);
  await join(parent);
  await expectMovingRemoteVideo(parent.page, 1);

  await coach.page.getByRole('button', { name: 'End session for everyone' }).click();
  // An ended session leaves the overview's count of this week's sessions (./support/locks.ts).
  await holding('sessions_this_week', 'shared', async () => {
    await coach.page.getByRole('button', { name: 'Yes, end it' }).click();
    await expect(coach.page.getByText('The session has ended. Thank you for joining!')).toBeVisible();
  });
  await expect(parent.page.getByText('Your coach ended the session. Thank you for joining!')).toBeVisible();
  await expect(parent.page.getByTestId('remote-tile')).toHaveCount(0);

  const { rows } = await db.query<{ status: string }>(
    'select status from public.coaching_sessions where id = $1',
    [sessionId],
  );
  expect(rows[0]!.status).toBe('completed');
  await expect
    .poll(async () => {
      const visits = await db.query<{ role: string; left: boolean }>(
        `select role, left_at is not null as left from public.session_attendance where session_id = $1 order by role`,
        [sessionId],
      );
      return visits.rows;
    })
    .toEqual([
      { role: 'coach', left: true },
      { role: 'parent', left: true },
    ]);
  // a reload finds the session over for good: its page says so, and the room is gone
  await parent.page.reload();
  await expect(parent.page.getByText('This session has taken place.')).toBeVisible();
  await expect(parent.page.getByRole('button', { name: 'Join the session' })).toHaveCount(0);
  await Promise.all([coach.context.close(), parent.context.close()]);
});

test("a stranger is refused: the demo parent and child cannot enter another family's session", async ({
  browser,
}) => {
  const theirs = await sessionNow(ARJUN, ARJUN_COACH);
  const refusal = {
    parent: "This session is not one of your family's.",
    child: "We couldn't find this session, or it isn't one of yours.",
  };
  for (const role of ['parent', 'child'] as const) {
    const stranger = await open(browser, role, theirs);
    await expect(stranger.page.getByText(refusal[role])).toBeVisible();
    await expect(stranger.page.getByRole('button', { name: 'Join the session' })).toHaveCount(0);
    await stranger.context.close();
  }
});
