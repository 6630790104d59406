import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type pg from 'pg';
import { LAST_VIEW_KEY } from '../../../src/lib/last-view-script.ts';
import type { DemoRole } from './roles.ts';

/**
 * What the screens' kept views hold (decisions 217, 230): a device keeps the last view of a few
 * screens, and that view must hold nothing a person wrote. The areas walk (areas-walk.spec.ts)
 * searches them on every screen it opens; kept-views-private.spec.ts draws them with hostile names.
 */

const DEMO_COACH_USER = 'a0000000-0000-4000-8000-000000000002';

/** The place a kept view is kept for: the page's path and query. */
export const placeOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

const squeeze = (text: string) => text.replace(/\s+/g, ' ');

/** Each kept view: its HTML, its text and its attributes' values, whitespace squeezed. */
export async function keptViews(page: Page): Promise<{ place: string; texts: string[] }[]> {
  const views = await page.evaluate((key) => {
    const kept = JSON.parse(window.localStorage.getItem(key) ?? 'null') as {
      views?: Record<string, { html: string }>;
    } | null;
    return Object.entries(kept?.views ?? {}).map(([place, { html }]) => {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const values = Array.from(doc.querySelectorAll('*')).flatMap((element) =>
        Array.from(element.attributes).map((attribute) => attribute.value),
      );
      return { place, texts: [html, doc.body.textContent ?? '', ...values] };
    });
  }, LAST_VIEW_KEY);
  return views.map(({ place, texts }) => ({ place, texts: texts.map(squeeze) }));
}

/** Every free-text value the database holds, at least 12 characters long (no chance matches). */
async function freeTextValues(db: pg.Client): Promise<string[]> {
  const { rows } = await db.query<{ v: string }>(`
    select distinct btrim(v) as v from (
      select body as v from public.family_messages
      union all select body from public.session_notes
      union all select body from public.parent_updates
      union all select summary from public.progress_reports
      union all select next_steps from public.progress_reports
      union all select comment from public.family_plan_reviews
      union all select jsonb_path_query(content, '$.goals[*].title') #>> '{}' from public.family_plan_versions
      union all select jsonb_path_query(content, '$.goals[*].child_words') #>> '{}' from public.family_plan_versions
      union all select jsonb_path_query(content, '$.goals[*].milestones[*].text') #>> '{}' from public.family_plan_versions
      union all select jsonb_path_query(content, '$.strategies[*]') #>> '{}' from public.family_plan_versions
      union all select jsonb_path_query(content, '$.watch_for[*]') #>> '{}' from public.family_plan_versions
      union all select title from public.practice_goals
      union all select title from public.at_home_tools
      union all select instructions from public.at_home_tools
      union all select title from public.family_rewards
      union all select reason from public.ploom_points
      union all select notes from public.children
      union all select hopes from public.children
      union all select body from public.lead_events where kind = 'note'
      union all select message from public.leads
      union all select message from public.contact_messages
      union all select notes from public.waitlist
      union all select message from public.session_change_requests
    ) written
    where v is not null and char_length(btrim(v)) >= 12`);
  return rows.map((row) => row.v);
}

/** The app's own words (its source): a seeded value the app also says itself is no leak. */
function appSource(): string {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'src');
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '__tests__') walk(full);
      } else if (/\.tsx?$/.test(entry.name)) texts.push(fs.readFileSync(full, 'utf8'));
    }
  };
  walk(root);
  return texts.join('\n');
}

/** What to look for of each value a person wrote: itself, and its start (a preview cut short). */
export async function writtenByPeople(db: pg.Client): Promise<string[]> {
  const source = squeeze(appSource());
  const needles = (await freeTextValues(db)).flatMap((value) => {
    const text = squeeze(value);
    return text.length > 40 ? [text, text.slice(0, 24)] : [text];
  });
  return [...new Set(needles)].filter((needle) => !source.includes(needle));
}

/** The places staff open besides the routes: a lead with a note, and one with a message, in its panel. */
export async function leadPlaces(db: pg.Client, role: DemoRole): Promise<string[]> {
  if (role !== 'admin' && role !== 'coach') return [];
  const { rows } = await db.query<{ noted: string | null; messaged: string | null }>(
    `select
       (select l.id from public.leads l
         where l.assignee_id = $1 and exists (
           select 1 from public.lead_events e where e.lead_id = l.id and e.kind = 'note')
         order by l.created_at limit 1) as noted,
       (select l.id from public.leads l
         where l.assignee_id = $1 and l.message is not null order by l.created_at limit 1) as messaged`,
    [DEMO_COACH_USER],
  );
  return [rows[0]!.noted, rows[0]!.messaged]
    .filter((id): id is string => id !== null)
    .map((id) => `/admin/waitlist?lead=${id}`);
}

/** The places whose views the device keeps now. */
const keptPlaces = (page: Page) =>
  page.evaluate((key) => {
    const kept = JSON.parse(window.localStorage.getItem(key) ?? 'null') as { views?: object } | null;
    return Object.keys(kept?.views ?? {});
  }, LAST_VIEW_KEY);

/**
 * Searches every view `page`'s device keeps for `needles`, each time a screen is drawn. A screen
 * is kept once its first reads are drawn (at most six views are kept: each new or changed one is
 * searched).
 */
export function keptViewSearch(page: Page, needles: string[]) {
  const leaks = new Set<string>();
  const notKept: string[] = [];
  const searched = new Map<string, string>();
  let kept = 0;
  const search = async (after: string) => {
    for (const { place, texts } of await keptViews(page)) {
      // Its HTML, text and attributes' values, apart (no needle matches across two of them).
      const all = texts.join('\u0000');
      if (searched.get(place) === all) continue;
      searched.set(place, all);
      for (const needle of needles) {
        if (all.includes(needle)) leaks.add(`the view of ${place} (kept by ${after}) holds “${needle}”`);
      }
    }
  };
  return {
    /** After a screen is drawn: waits for its view to be kept, then searches the new ones. */
    async afterDrawing(route: string) {
      const place = placeOf(page);
      const keptNow = await expect
        .poll(async () => (await keptPlaces(page)).includes(place), { timeout: 10_000 })
        .toBe(true)
        .then(
          () => true,
          () => false,
        );
      if (keptNow) kept += 1;
      else notKept.push(place);
      await search(route);
    },
    /** Leaving the last page keeps its latest state once more. */
    async afterLeaving() {
      await page.goto('/');
      await search('leaving');
    },
    leaks: () => [...leaks],
    kept: () => kept,
    notKept: () => notKept,
  };
}
