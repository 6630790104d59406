import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../../scripts/lib/scale-seed.ts';
import { startFreshDatabase, type FreshDatabase } from './fresh-database.ts';

/**
 * Every list the team pages through stays on an index (issue 25; docs/decisions/196): each list's
 * query, as the screen sends it through the REST API (the view or table, its filter, its order, a
 * page, and the exact count), is planned on the scale seed (small) with sequential scans priced out
 * (enable_seqscan off). A plan that still reads one of the big tables sequentially has no index to
 * use: an index the list relies on was dropped, or a change made it unusable.
 */

const BIG_TABLES = [
  'leads',
  'lead_events',
  'coaching_sessions',
  'audit_logs',
  'newsletter_subscribers',
  'web_analytics',
  'children',
];

const lead = (where: string, order = 'created_at desc, id desc') => [
  `select * from public.lead_list where ${where} order by ${order} limit 25 offset 0`,
  `select count(*) from public.lead_list where ${where}`,
];
const sessions = (where: string) => [
  `select s.id, s.starts_at, c.first_name, co.display_name from public.coaching_sessions s
     left join public.children c on c.id = s.child_id left join public.coaches co on co.id = s.coach_id
   where ${where} order by s.starts_at, s.id limit 20`,
  `select count(*) from public.coaching_sessions s where ${where}`,
];
const audit = (where: string) => [
  `select * from public.audit_log_entries where ${where} order by created_at desc, id limit 50`,
  `select count(*) from public.audit_log_entries where ${where}`,
];
const subscribers = (where: string) => [
  `select id, email from public.newsletter_subscribers where ${where} order by created_at desc, id desc limit 50`,
  `select count(*) from public.newsletter_subscribers where ${where}`,
];

/** name → the statements the list runs ($1 is a coach's id, $2 its user's id where used). */
const LISTS: Record<string, string[]> = {
  'leads: newest': lead('true'),
  'leads: status': lead(`status = 'contacted'`),
  'leads: source': lead(`source = 'fit-call'`),
  'leads: variant': lead(`landing_variant = '/coaching-v2'`),
  'leads: campaign': lead(`utm_campaign = 'focus_search'`),
  'leads: date range': lead(`created_at >= now() - interval '14 days' and created_at < now()`),
  'leads: overdue': lead(`status = 'new' and created_at < now() - interval '1 day'`),
  'leads: search': lead(`search_text ilike '%garcia%'`),
  'leads: sorted by name': lead('true', 'name asc nulls last, id asc'),
  'leads: a coach’s own': lead(`assignee_id = $2`),
  'sessions: week': sessions(`s.starts_at >= now() and s.starts_at < now() + interval '7 days'`),
  'sessions: week of a coach': sessions(
    `s.starts_at >= now() and s.starts_at < now() + interval '7 days' and s.coach_id = $1`,
  ),
  'sessions: list by status': sessions(`s.status = 'completed'`),
  'sessions: list of a coach': sessions(`s.coach_id = $1 and s.status <> 'cancelled'`),
  'families: of a coach': [`select c.parent_id from public.children c where c.coach_id = $1`],
  'audit: everything': audit('true'),
  'audit: action': audit(`action = 'LEAD_ASSIGNED'`),
  'audit: entity type': audit(`entity_type = 'lead'`),
  'audit: actor': audit(`actor_user_id = $2`),
  'audit: system': audit(`actor_user_id is null`),
  'audit: date range': audit(`created_at >= now() - interval '7 days' and created_at < now()`),
  'newsletter: newest': subscribers('true'),
  'newsletter: search': subscribers(`email ilike '%reader.42%' or first_name ilike '%reader.42%'`),
};

let fresh: FreshDatabase;
let coachId: string;
let coachUserId: string;

beforeAll(async () => {
  fresh = await startFreshDatabase({ authSchema: true });
  await seedScale(fresh.db, { scale: 0.01, passwordHash: 'x' });
  const { rows } = await fresh.db.query<{ id: string; user_id: string }>(
    `select id, user_id from public.coaches order by sort_order limit 1`,
  );
  coachId = rows[0].id;
  coachUserId = rows[0].user_id;
}, 180_000);

afterAll(async () => {
  await fresh?.stop();
});

describe('each staff list is planned on an index, never a sequential scan of a big table', () => {
  for (const [name, statements] of Object.entries(LISTS)) {
    it(name, async () => {
      const db = fresh.db;
      await db.query('begin');
      try {
        await db.query('set local enable_seqscan = off');
        for (const sql of statements) {
          const statement = sql
            .replaceAll('$1', `'${coachId}'::uuid`)
            .replaceAll('$2', `'${coachUserId}'::uuid`);
          const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain ${statement}`);
          const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
          const sequential = BIG_TABLES.filter((table) => new RegExp(`Seq Scan on ${table}\\b`).test(plan));
          expect(sequential, `${sql}\n${plan}`).toEqual([]);
        }
      } finally {
        await db.query('rollback');
      }
    });
  }

  it('notices a missing index (the check is not vacuous)', async () => {
    const db = fresh.db;
    await db.query('begin');
    try {
      await db.query('set local enable_seqscan = off');
      await db.query('drop index public.leads_name_id_idx');
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(
        `explain select * from public.leads order by name, id limit 25`,
      );
      expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Seq Scan on leads\b/);
    } finally {
      await db.query('rollback');
    }
  });
});
