import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../../scripts/lib/scale-seed.ts';
import { startFreshDatabase, type FreshDatabase } from './fresh-database.ts';

/**
 * Every list the team pages through stays on an index (issue 25; docs/decisions/196 and 204): each
 * list's query, as the screen sends it through the REST API (the view or table, its filter, its
 * order, a page, and the exact count), is planned on the scale seed (small) as the request runs it
 * (role `authenticated` with an admin's claims, so row level security shapes the plan) with
 * sequential scans priced out (enable_seqscan off). A plan that still reads one of the big tables
 * sequentially has no index to use: an index the list relies on was dropped, or a change made it
 * unusable. The coach's lists are planned as the coach, and may call no policy function per row.
 */

const BIG_TABLES = [
  'leads',
  'lead_events',
  'coaching_sessions',
  'audit_logs',
  'newsletter_subscribers',
  'web_analytics',
  'children',
  'family_summaries',
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
  'leads: sorted by name, Z to A': lead('true', 'name desc nulls last, id desc'),
  'leads: sorted by email': lead('true', 'email desc, id desc'),
  'leads: sorted by status': lead('true', 'status asc, id asc'),
  'leads: sorted by source': lead('true', 'source desc, id desc'),
  'leads: a coach’s own': lead(`assignee_id = $2`),
  'sessions: week': sessions(`s.starts_at >= now() and s.starts_at < now() + interval '7 days'`),
  'sessions: week of a coach': sessions(
    `s.starts_at >= now() and s.starts_at < now() + interval '7 days' and s.coach_id = $1`,
  ),
  // The count of a status alone is kept (docs/decisions/213): see "counts the database keeps" below.
  'sessions: list by status': sessions(`s.status = 'completed'`).slice(0, 1),
  'sessions: list of a coach': sessions(`s.coach_id = $1 and s.status <> 'cancelled'`),
  'families: page': [
    `select parent_id, parent_first_name, children from public.family_list
      order by parent_first_name asc nulls last, parent_id limit 25 offset 0`,
    `select count(*) from public.family_list`,
  ],
  'families: of a coach': [
    `select parent_id, parent_first_name, children from public.family_list where coach_ids @> array[$1]
      order by parent_first_name asc nulls last, parent_id limit 25 offset 0`,
    `select count(*) from public.family_list where coach_ids @> array[$1]`,
  ],
  'audit: everything': audit('true'),
  'audit: action': audit(`action = 'LEAD_ASSIGNED'`),
  'audit: entity type': audit(`entity_type = 'lead'`).slice(0, 1),
  'audit: actor': audit(`actor_user_id = $2`),
  'audit: system': audit(`actor_user_id is null`),
  'audit: date range': audit(`created_at >= now() - interval '7 days' and created_at < now()`),
  'newsletter: newest': subscribers('true'),
  'newsletter: search': subscribers(`email ilike '%reader.42%' or first_name ilike '%reader.42%'`),
};

interface PlanNode {
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
  [key: string]: unknown;
}

/** Each node's own text (filters, outputs, conditions), leaving out InitPlans: those run once. */
function outsideInitPlans(node: PlanNode): string[] {
  if (node['Parent Relationship'] === 'InitPlan') return [];
  const { Plans: children = [], ...own } = node;
  return [JSON.stringify(own), ...children.flatMap(outsideInitPlans)];
}

let fresh: FreshDatabase;
let coachId: string;
let coachUserId: string;
let adminUserId: string;

beforeAll(async () => {
  fresh = await startFreshDatabase({ authSchema: true });
  await seedScale(fresh.db, { scale: 0.01, passwordHash: 'x' });
  const { rows } = await fresh.db.query<{ id: string; user_id: string }>(
    `select id, user_id from public.coaches order by sort_order limit 1`,
  );
  coachId = rows[0].id;
  coachUserId = rows[0].user_id;
  // An admin to read the lists as: another of the seed's coaches, given the admin role.
  const { rows: admins } = await fresh.db.query<{ user_id: string }>(
    `insert into public.user_roles (user_id, role)
     select user_id, 'admin' from public.coaches order by sort_order offset 1 limit 1
     returning user_id`,
  );
  adminUserId = admins[0].user_id;
}, 180_000);

afterAll(async () => {
  await fresh?.stop();
});

/**
 * The searches: ILIKE is not leakproof, and Postgres never evaluates a caller's non-leakproof
 * condition ahead of the policies, so a trigram index serves a search only for a role that
 * bypasses RLS (docs/decisions/204). The screens search through definer functions
 * (lead_list_search, newsletter_search: their owner bypasses RLS, and each applies the table's rule
 * itself), so these are planned as that owner.
 */
const RUN_AS_DEFINER = new Set(['leads: search', 'newsletter: search']);

describe('each staff list is planned on an index, never a sequential scan of a big table', () => {
  for (const [name, statements] of Object.entries(LISTS)) {
    it(name, async () => {
      const db = fresh.db;
      await db.query('begin');
      try {
        await db.query('set local enable_seqscan = off');
        // As the screen's request runs: role authenticated with an admin's claims (the REST layer
        // sets both), so the plan is the one row level security leaves.
        await db.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: adminUserId, role: 'authenticated', aal: 'aal2' }),
        ]);
        if (!RUN_AS_DEFINER.has(name)) await db.query('set local role authenticated');
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

  // Row level security asks once per statement: a policy calling a function with the row's own
  // column runs it for every row the list touches; `(select private.fn())` is an InitPlan, worked
  // out once (docs/decisions/204). Each coach's list is explained as the coach (role
  // `authenticated` and the request's claims, as the REST layer sets them), and no `private.`
  // function may appear outside an InitPlan.
  const COACH_LISTS: Record<string, string> = {
    'the coach’s own week of sessions': `select s.id, s.starts_at, c.first_name, co.display_name
        from public.coaching_sessions s
        left join public.children c on c.id = s.child_id left join public.coaches co on co.id = s.coach_id
       where s.starts_at >= now() and s.starts_at < now() + interval '7 days'
       order by s.starts_at, s.id limit 200`,
    'the coach’s own families': `select parent_id, parent_first_name, children from public.family_list
       order by parent_first_name asc nulls last, parent_id limit 25`,
    'the parents’ profiles the coach reads': `select id, first_name from public.profiles order by id limit 25`,
  };
  const perRowCalls = async (sql: string, arrange?: string) => {
    const db = fresh.db;
    await db.query('begin');
    try {
      if (arrange) await db.query(arrange);
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: coachUserId, role: 'authenticated', aal: 'aal2' }),
      ]);
      await db.query('set local role authenticated');
      const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (verbose, format json) ${sql}`,
      );
      return outsideInitPlans(rows[0]['QUERY PLAN'][0].Plan).filter((text) => text.includes('private.'));
    } finally {
      await db.query('rollback');
    }
  };
  for (const [name, sql] of Object.entries(COACH_LISTS)) {
    it(`${name}: row level security is worked out once, never per row`, async () => {
      expect(await perRowCalls(sql)).toEqual([]);
    });
  }

  it('notices a policy asking per row (the check is not vacuous)', async () => {
    const calls = await perRowCalls(
      `select id from public.coaching_sessions where starts_at >= now() limit 20`,
      `alter policy "The family, the assigned coach and admins read a session"
         on public.coaching_sessions using ((select private.is_child_user(child_id)))`,
    );
    expect(calls).not.toEqual([]);
  });

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

/**
 * The counts the database keeps (docs/decisions/213): the sessions list by status and the audit log
 * by action, entity type or "System" ask `session_list_count` / `audit_log_count`, which answer an
 * admin from numbers kept by triggers, reading no row of the list's table, and anyone else by
 * counting the rows they read through an index. What each call read of the big table is taken from
 * `pg_stat_xact_user_tables` (this transaction's own scans), with sequential scans priced out as
 * above.
 */
describe('counts the database keeps: no row read for an admin, an index for anyone else', () => {
  // The backend's statistics not yet flushed (earlier transactions' too) show in the view: what a
  // call read is the difference across it.
  const scans = async (table: string) => {
    const { rows } = await fresh.db.query<{ seq_scan: string; idx_scan: string; idx_tup_fetch: string }>(
      `select seq_scan, idx_scan, idx_tup_fetch from pg_stat_xact_user_tables
        where schemaname = 'public' and relname = $1`,
      [table],
    );
    const stat = rows[0] ?? { seq_scan: '0', idx_scan: '0', idx_tup_fetch: '0' };
    return [Number(stat.seq_scan), Number(stat.idx_scan), Number(stat.idx_tup_fetch)];
  };
  const reads = async (userId: string, table: string, sql: string) => {
    const db = fresh.db;
    await db.query('begin');
    try {
      await db.query('set local enable_seqscan = off');
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: userId, role: 'authenticated', aal: 'aal2' }),
      ]);
      const before = await scans(table);
      await db.query('set local role authenticated');
      const { rows } = await db.query<{ count: string }>(sql);
      await db.query('reset role');
      const after = await scans(table);
      return {
        count: Number(rows[0].count),
        seqScans: after[0] - before[0],
        indexScans: after[1] - before[1],
        indexRows: after[2] - before[2],
      };
    } finally {
      await db.query('rollback');
    }
  };
  const total = async (sql: string) => Number((await fresh.db.query<{ n: string }>(sql)).rows[0].n);

  it('sessions: list by status, as an admin (the kept number)', async () => {
    const answer = await reads(
      adminUserId,
      'coaching_sessions',
      `select public.session_list_count('completed') as count`,
    );
    expect(answer).toEqual({
      count: await total(`select count(*) as n from public.coaching_sessions where status = 'completed'`),
      seqScans: 0,
      indexScans: 0,
      indexRows: 0,
    });
  });

  it('sessions: list by status, as the coach (their own sessions, through an index)', async () => {
    const answer = await reads(
      coachUserId,
      'coaching_sessions',
      `select public.session_list_count('completed') as count`,
    );
    const own = await total(
      `select count(*) as n from public.coaching_sessions where status = 'completed' and coach_id = '${coachId}'`,
    );
    const all = await total(`select count(*) as n from public.coaching_sessions`);
    expect(answer.count).toBe(own);
    expect(answer.seqScans).toBe(0);
    expect(answer.indexScans).toBeGreaterThan(0);
    // The coach's own sessions (in every status) through their index, not the whole table.
    const coachs = await total(
      `select count(*) as n from public.coaching_sessions where coach_id = '${coachId}'`,
    );
    expect(coachs).toBeLessThan(all / 2);
    expect(answer.indexRows).toBeLessThanOrEqual(coachs);
  });

  it('audit: one entity type, as an admin (the kept number)', async () => {
    const answer = await reads(
      adminUserId,
      'audit_logs',
      `select public.audit_log_count(entity_type => 'lead') as count`,
    );
    expect(answer).toEqual({
      count: await total(`select count(*) as n from public.audit_logs where entity_type = 'lead'`),
      seqScans: 0,
      indexScans: 0,
      indexRows: 0,
    });
  });

  it('audit: the facets, as an admin (the kept numbers)', async () => {
    const answer = await reads(
      adminUserId,
      'audit_logs',
      `select count(*) as count from public.audit_log_facets()`,
    );
    expect(answer.count).toBeGreaterThan(0);
    expect(answer).toMatchObject({ seqScans: 0, indexScans: 0, indexRows: 0 });
  });

  it('notices a count that reads the rows (the check is not vacuous)', async () => {
    // The same count through the list's own REST query reads the rows: the statistics show it.
    const answer = await reads(
      adminUserId,
      'coaching_sessions',
      `select count(*) from public.coaching_sessions where status = 'completed'`,
    );
    expect(answer.indexScans + answer.seqScans).toBeGreaterThan(0);
  });
});
