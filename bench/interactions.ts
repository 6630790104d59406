import fs from 'node:fs';
import os from 'node:os';
import { chromium, type Browser, type Page } from '@playwright/test';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import { demoAccounts, demoEmail } from '../scripts/demo-accounts.ts';
import { seedScale, SCALE_EMAIL_DOMAIN } from '../scripts/lib/scale-seed.ts';
import { onStackWithSite } from './lib/production-site.ts';
import { percentile } from './lib/throwaway-stack.ts';

/**
 * Interactions on the staff and family screens, from input to the next paint, with the CPU slowed
 * 4x (CDP Emulation.setCPUThrottlingRate), in Debian's Chromium driven by Playwright, against the
 * production build (`vite preview`) and a local stack of its own. Goal: <= 100 ms each.
 *
 *   opening a lead           admin, /admin/waitlist: a lead's name in the table → its panel
 *   a lead's status change   admin, the open lead: Save status → the table row shows the new status
 *   opening a session        admin, /admin/sessions (week): a session → its details
 *   the next week            admin, /admin/sessions: Next week → that week's heading
 *   sending a message        parent, /app/messages: Send → the message in the conversation
 *   the staff's reply        coach, /admin/messages/<family>: Send → the message in the conversation
 *
 * Two figures a run, both from the page itself:
 *   - INP: the Event Timing `duration` of the interaction (PerformanceObserver type 'event',
 *     durationThreshold 16, buffered): the longest of its pointerdown/pointerup/click entries,
 *     input to the next paint. An interaction that reports no entry took under 16 ms: counted as 16.
 *   - shown: input (the pointerdown's timeStamp) to the animation frame whose paint first holds
 *     the response (the panel with that lead, the new status in the row, the message in the log),
 *     so a fast paint that shows nothing new does not pass.
 * One warm-up interaction of each kind is left out (it loads the code the first one needs).
 *
 * The admin sees every session and every lead (the largest lists); the parent's conversation at
 * the scale seed holds its full 200 messages (the bench writes them).
 *
 *   tsx bench/interactions.ts          demo seed, then the scale seed (SCALE, 1 by default)
 *   SEEDS=demo|scale RUNS=10 SCALE=0.1 LOCAL_SUPABASE_PORT_OFFSET=1970 (default)
 */
const runs = Number(process.env.RUNS ?? 10);
const scale = Number(process.env.SCALE ?? 1);
const seeds = (process.env.SEEDS ?? 'demo,scale').split(',') as ('demo' | 'scale')[];
const only = process.env.ONLY?.split(',');
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '1970';
const offset = Number(process.env.LOCAL_SUPABASE_PORT_OFFSET);
const GOAL_MS = 100;
const CPU_SLOWDOWN = 4;
const SCALE_PASSWORD = 'ploom-scale-2026';

const port = 7300 + offset;
const site = `http://127.0.0.1:${port}`;

/** What the page keeps for the bench: Event Timing entries and the inputs' timestamps. */
interface Timed {
  name: string;
  startTime: number;
  duration: number;
  interactionId: number;
}
declare global {
  interface Window {
    __benchEvents: Timed[];
    __benchInputs: number[];
    __benchShown: { at: number };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openScreen(browser: Browser, email: string, password: string, screen: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx keeps function names with a helper the page does not have; the page gets a stand-in.
  await context.addInitScript('window.__name = (fn) => fn;');
  await context.addInitScript(() => {
    window.__benchEvents = [];
    window.__benchInputs = [];
    window.__benchShown = { at: 0 };
    new PerformanceObserver((list) => {
      // interactionId is in Chromium and the Event Timing spec; lib.dom does not know it yet.
      for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[])
        window.__benchEvents.push({
          name: entry.name,
          startTime: entry.startTime,
          duration: entry.duration,
          interactionId: entry.interactionId ?? 0,
        });
      // durationThreshold is part of the Event Timing spec; lib.dom's observe options lack it.
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
    addEventListener('pointerdown', (event) => window.__benchInputs.push(event.timeStamp), { capture: true });
  });
  const page = await context.newPage();
  await page.goto(`${site}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/(admin|app)(\/|$)/);
  await page.goto(`${site}${screen}`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

/** When the response is on screen: an element matching `selector` whose text holds `text` (and is not `not`). */
interface Response {
  selector: string;
  text?: string;
  not?: string;
}

interface Sample {
  inpMs: number;
  shownMs: number;
}

async function interact(page: Page, act: () => Promise<void>, response: Response): Promise<Sample> {
  const inputsBefore = await page.evaluate((r) => {
    const shown = { at: 0 };
    window.__benchShown = shown;
    const tick = () => {
      const element = document.querySelector(r.selector);
      const text = element?.textContent ?? '';
      if (
        element &&
        (r.text === undefined || text.includes(r.text)) &&
        (r.not === undefined || text !== r.not)
      ) {
        shown.at = performance.now();
        return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return window.__benchInputs.length;
  }, response);
  await act();
  await page.waitForFunction(() => window.__benchShown.at > 0, undefined, { timeout: 20_000 });
  // Event Timing entries are reported after the paint that ends them.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))),
      ),
  );
  return page.evaluate((before) => {
    const input = window.__benchInputs[before];
    if (input === undefined) throw new Error('no pointerdown seen');
    const entries = window.__benchEvents.filter((e) => e.interactionId > 0 && e.startTime >= input - 1);
    const id = entries[0]?.interactionId;
    const durations = entries.filter((e) => e.interactionId === id).map((e) => e.duration);
    return {
      inpMs: Math.max(16, ...durations),
      shownMs: Math.round(window.__benchShown.at - input),
    };
  }, inputsBefore);
}

interface Measured {
  seed: string;
  interaction: string;
  as: string;
  samples: Sample[];
}
const results: Measured[] = [];
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function record(seed: string, interaction: string, as: string, sample: Sample, run: number) {
  if (run === 0) return; // the warm-up
  let entry = results.find((r) => r.seed === seed && r.interaction === interaction);
  if (!entry) {
    entry = { seed, interaction, as, samples: [] };
    results.push(entry);
  }
  entry.samples.push(sample);
}
const wanted = (name: string) => !only || only.includes(name);

async function leads(browser: Browser, seed: string) {
  if (!wanted('open-lead') && !wanted('lead-status')) return;
  const admin = demoAccounts.users.find((u) => u.role === 'admin')!;
  const page = await openScreen(browser, admin.email, demoAccounts.password, '/admin/waitlist');
  const names = page.locator('tbody th button');
  await names.first().waitFor();
  const statuses = ['contacted', 'new'] as const;
  const labels = { contacted: 'Contacted', new: 'New' };
  for (let run = 0; run <= runs; run++) {
    const close = page
      .locator('section[aria-labelledby="lead-heading"]')
      .getByRole('button', { name: 'Close' });
    if (await close.count()) {
      await close.click();
      await page.locator('#lead-heading').waitFor({ state: 'detached' });
      await sleep(300);
    }
    const target = names.nth(run % Math.min(10, await names.count()));
    const name = ((await target.textContent()) ?? '').trim();
    const opened = await interact(page, () => target.click(), { selector: '#lead-heading', text: name });
    record(seed, 'open-lead', 'admin', opened, run);
    const panel = page.locator('section[aria-labelledby="lead-heading"]');
    const select = panel.getByLabel('Status');
    await select.waitFor();
    await sleep(500);
    const current = await select.inputValue();
    const next = current === statuses[0] ? statuses[1] : statuses[0];
    await select.selectOption(next);
    const saved = page.waitForResponse(
      (r) => r.url().includes('/rest/v1/leads') && r.request().method() === 'PATCH',
      { timeout: 20_000 },
    );
    const changed = await interact(page, () => panel.getByRole('button', { name: 'Save status' }).click(), {
      selector: 'tbody tr:has(button[aria-current="true"]) td:nth-of-type(3)',
      text: labels[next],
    });
    record(seed, 'lead-status', 'admin', changed, run);
    // The save and the refetch that follows it settle before the next run.
    await saved;
    await sleep(1000);
  }
  await page.context().close();
}

async function sessions(browser: Browser, seed: string, week: string) {
  if (!wanted('open-session') && !wanted('next-week')) return;
  const admin = demoAccounts.users.find((u) => u.role === 'admin')!;
  const page = await openScreen(browser, admin.email, demoAccounts.password, `/admin/sessions?week=${week}`);
  const sessionButtons = page.locator('[role="grid"] button');
  await sessionButtons.first().waitFor({ timeout: 30_000 });
  if (wanted('open-session')) {
    for (let run = 0; run <= runs; run++) {
      const close = page.getByRole('button', { name: 'Close details' });
      if (await close.count()) {
        await close.click();
        await page.locator('#session-details-title').waitFor({ state: 'detached' });
        await sleep(300);
      }
      const count = await sessionButtons.count();
      const target = sessionButtons.nth((run * 7) % count);
      const sample = await interact(page, () => target.click(), { selector: '#session-details-title' });
      record(seed, 'open-session', 'admin', sample, run);
      await sleep(500);
    }
    const close = page.getByRole('button', { name: 'Close details' });
    if (await close.count()) await close.click();
  }
  if (wanted('next-week')) {
    for (let run = 0; run <= runs; run++) {
      // Each week's sessions are on screen before the next press.
      await sleep(1200);
      const heading = ((await page.locator('#week-title').textContent()) ?? '').trim();
      const sample = await interact(page, () => page.getByRole('button', { name: 'Next week' }).click(), {
        selector: '#week-title',
        not: heading,
      });
      record(seed, 'next-week', 'admin', sample, run);
    }
  }
  await page.context().close();
}

async function messages(
  browser: Browser,
  seed: string,
  as: 'parent' | 'coach',
  email: string,
  password: string,
  screen: string,
) {
  const name = as === 'parent' ? 'send-message' : 'staff-reply';
  if (!wanted(name)) return;
  const page = await openScreen(browser, email, password, screen);
  const box = page.locator('#message-body');
  await box.waitFor();
  await page.getByText('Loading messages…').waitFor({ state: 'detached' });
  for (let run = 0; run <= runs; run++) {
    const text = `Bench ${as} ${seed} ${run} ${Date.now()}`;
    await box.fill(text);
    await sleep(300);
    const saved = page.waitForResponse(
      (r) => r.url().includes('/rest/v1/family_messages') && r.request().method() === 'POST',
      { timeout: 20_000 },
    );
    const sample = await interact(page, () => page.getByRole('button', { name: 'Send' }).click(), {
      selector: '[role="log"]',
      text,
    });
    record(seed, name, as, sample, run);
    // The message is saved and the conversation refetched before the next.
    await saved;
    await sleep(1000);
  }
  await page.context().close();
}

const loads: Record<string, string> = {};
/** Monday (YYYY-MM-DD, UTC) of the week of the first session from now on: a week the calendar fills. */
async function busyWeek(db: pg.Client): Promise<string> {
  const { rows } = await db.query<{ monday: string }>(
    `select to_char(date_trunc('week', coalesce(min(starts_at), now())), 'YYYY-MM-DD') as monday
       from public.coaching_sessions where starts_at >= date_trunc('week', now())`,
  );
  return rows[0].monday;
}
/** Fills a family's conversation with its last 200 messages, as the family and its coach wrote them. */
async function fillConversation(db: pg.Client, familyId: string, coachUserId: string) {
  await db.query(
    `insert into public.family_messages (family_id, sender_id, sender_role, body, created_at)
     select $1, case when i % 3 = 0 then $2::uuid else $1::uuid end,
            case when i % 3 = 0 then 'coach' else 'parent' end,
            'Earlier message ' || i || ': how the week went, what we tried at home, see https://example.com/tips/' || i,
            now() - (200 - i) * interval '1 hour'
       from generate_series(1, 200) i`,
    [familyId, coachUserId],
  );
}
const pct = (values: number[], p: number) => Math.round(percentile(values, p));

/** Prints the table, then the JSON line. */
function report() {
  console.log(
    `interactions, CPU ${CPU_SLOWDOWN}x slower, ${runs} runs each (after one warm-up); goal: input → next paint <= ${GOAL_MS} ms`,
  );
  console.log('seed   interaction   as       INP p50  p95  max   shown p50  p95  max   load average');
  const pad = (value: number | string, width: number) => String(value).padStart(width);
  for (const r of results) {
    const inp = r.samples.map((s) => s.inpMs);
    const shown = r.samples.map((s) => s.shownMs);
    console.log(
      `${r.seed.padEnd(6)} ${r.interaction.padEnd(13)} ${r.as.padEnd(7)} ${pad(pct(inp, 0.5), 8)} ${pad(pct(inp, 0.95), 4)} ${pad(Math.max(...inp), 4)} ${pad(pct(shown, 0.5), 10)} ${pad(pct(shown, 0.95), 4)} ${pad(Math.max(...shown), 4)}   ${loads[r.seed] ?? ''}`,
    );
  }
  console.log(
    JSON.stringify({
      bench: 'interactions',
      cpuSlowdown: CPU_SLOWDOWN,
      runs,
      scale,
      loadAverage: loads,
      rows: results.map((r) => {
        const inp = r.samples.map((s) => s.inpMs);
        const shown = r.samples.map((s) => s.shownMs);
        return {
          seed: r.seed,
          interaction: r.interaction,
          as: r.as,
          inpP50Ms: pct(inp, 0.5),
          inpP95Ms: pct(inp, 0.95),
          inpMaxMs: Math.max(...inp),
          shownP50Ms: pct(shown, 0.5),
          shownP95Ms: pct(shown, 0.95),
          shownMaxMs: Math.max(...shown),
          withinGoal: Math.max(...inp) <= GOAL_MS && pct(shown, 0.95) <= GOAL_MS,
        };
      }),
    }),
  );
}

await onStackWithSite(
  'interactions',
  { outDir: `dist-bench-interactions-${offset}`, port },
  async ({ db }) => {
    const browser = await chromium.launch({
      executablePath: fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    });
    try {
      for (const seed of seeds) {
        let parentEmail = demoEmail('parent');
        let parentPassword: string = demoAccounts.password;
        let coachEmail = demoEmail('coach');
        let coachPassword: string = demoAccounts.password;
        if (seed === 'scale') {
          const started = performance.now();
          await seedScale(db, { scale, passwordHash: bcrypt.hashSync(SCALE_PASSWORD, 10) });
          console.error(
            `scale seed (SCALE=${scale}) in ${Math.round((performance.now() - started) / 1000)} s`,
          );
          parentEmail = `parent.1@${SCALE_EMAIL_DOMAIN}`;
          parentPassword = SCALE_PASSWORD;
          const { rows } = await db.query<{ email: string }>(
            `select cu.email from public.children ch
           join public.coaches co on co.id = ch.coach_id join auth.users cu on cu.id = co.user_id
           join auth.users pu on pu.id = ch.parent_id where pu.email = $1 limit 1`,
            [parentEmail],
          );
          coachEmail = rows[0]?.email ?? `coach.1@${SCALE_EMAIL_DOMAIN}`;
          coachPassword = SCALE_PASSWORD;
        }
        const ids = await db.query<{ parent: string; coach: string }>(
          `select (select id from auth.users where email = $1) as parent, (select id from auth.users where email = $2) as coach`,
          [parentEmail, coachEmail],
        );
        const { parent: familyId, coach: coachUserId } = ids.rows[0];
        if (seed === 'scale') await fillConversation(db, familyId, coachUserId);
        await leads(browser, seed);
        await sessions(browser, seed, await busyWeek(db));
        await messages(browser, seed, 'parent', parentEmail, parentPassword, '/app/messages');
        await messages(browser, seed, 'coach', coachEmail, coachPassword, `/admin/messages/${familyId}`);
        loads[seed] = load();
      }
    } finally {
      await browser.close();
    }
    report();
  },
);
