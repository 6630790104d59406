import fs from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import { demoAccounts, demoEmail } from '../scripts/demo-accounts.ts';
import { onStackWithSite } from './lib/production-site.ts';
import { median } from './lib/throwaway-stack.ts';

/**
 * Session room: time from the coach's click on "Join the session" to the first frame of the
 * parent's video on the coach's screen, on loopback (production build served by `vite preview`,
 * a local stack, Chromium with fake camera and microphone). The parent waits in the room first,
 * as a family does. Each run is a new session; the figure is the median of the runs.
 *
 * The coach and the parent each have a browser of their own, as on two devices: two pages of one
 * browser are not both in the foreground, and Chromium holds back the hidden one's camera and
 * timers (seen as a steady 2.7 s wait for the parent's first video packet).
 */
const RUNS = Number(process.env.RUNS ?? 10);
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '1980';
const port = 6480;
const site = `http://127.0.0.1:${port}`;
const launch = () =>
  chromium.launch({
    executablePath: fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });

async function signedIn(browser: Browser, role: 'coach' | 'parent'): Promise<Page> {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  const email = demoEmail(role);
  await page.goto(`${site}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(demoAccounts.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(role === 'coach' ? '**/admin' : '**/app');
  return page;
}

const firstRemoteFrame = (page: Page) =>
  page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="remote-tile"] video');
      return !!video && video.readyState >= 2 && video.getVideoPlaybackQuality().totalVideoFrames > 0;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );

await onStackWithSite('room', { outDir: 'dist-bench-room', port }, async ({ db }) => {
  const browsers = { coach: await launch(), parent: await launch() };

  const timings: number[] = [];
  try {
    const [coach, parent] = [
      await signedIn(browsers.coach, 'coach'),
      await signedIn(browsers.parent, 'parent'),
    ];
    for (let run = 0; run < RUNS; run++) {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.coaching_sessions (child_id, coach_id, starts_at)
       values ('d0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', now() - interval '1 minute')
       returning id`,
      );
      const id = rows[0]!.id;
      await parent.goto(`${site}/app/session/${id}`);
      await parent.getByRole('button', { name: 'Join the session' }).click();
      await parent.getByText('Your coach will let you in.').waitFor();
      await coach.goto(`${site}/admin/session-room/${id}`);
      const join = coach.getByRole('button', { name: 'Join the session' });
      await join.waitFor();
      await coach.waitForFunction(() => !document.querySelector('button[disabled]'));
      const started = Date.now();
      await join.click();
      await firstRemoteFrame(coach);
      timings.push(Date.now() - started);
      await db.query('delete from public.coaching_sessions where id = $1', [id]);
    }
  } finally {
    await Promise.all([browsers.coach.close(), browsers.parent.close()]);
  }

  const middle = median(timings);
  console.log(
    `join → first remote frame (coach joining a waiting parent), ${RUNS} runs: median ${middle} ms`,
  );
  console.log(
    `runs (ms): ${timings.join(', ')}; min ${Math.min(...timings)} ms, max ${Math.max(...timings)} ms`,
  );
  console.log(JSON.stringify({ bench: 'room-join', runs: timings, medianMs: middle }));
});
