import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { demoAccounts, demoEmail } from '../../scripts/demo-accounts.ts';
import type { Database } from '../../src/types/database.ts';
import { fetchAuditPage } from '../../src/features/audit/lib/audit-query.ts';
import { fetchSessionsPage } from '../../src/features/sessions/lib/sessions-query.ts';
import { stackEnv } from '../support/stack.ts';
import { asTwoFactorSession, inOneSnapshot, type TwoFactorSession } from '../support/two-factor.ts';
import { createUser } from './support.ts';
import { setUpWorld } from './world.ts';

/**
 * The sessions list's and the audit log's exact counts, kept by triggers (docs/decisions/213): the
 * kept numbers equal the tables' after every kind of change (rows added one at a time and in bulk,
 * status changes one and many, other edits, deletions, a cascade, an actor's account deleted), and
 * after they are folded; the counting doors answer an admin from them and everyone else with the
 * rows they may read (a coach never learns a number of rows they cannot read); and the screens'
 * calls through supabase-js show the same count as the list counted row by row.
 */

const { db, world } = setUpWorld();

/** The kept numbers and the tables' own, read in one statement (one snapshot). */
async function keptAndReal() {
  const { rows } = await db.query<{
    kept_sessions: Record<string, number>;
    real_sessions: Record<string, number>;
    kept_audit: Record<string, number>;
    real_audit: Record<string, number>;
  }>(
    `select
       (select coalesce(jsonb_object_agg(k.status, k.n), '{}') from (
          select status, sum(sessions) as n from private.session_status_counts group by status
          having sum(sessions) <> 0) k) as kept_sessions,
       (select coalesce(jsonb_object_agg(s.status, s.n), '{}') from (
          select status, count(*) as n from public.coaching_sessions group by status) s) as real_sessions,
       (select coalesce(jsonb_object_agg(concat_ws('|', k.action, coalesce(k.entity_type, '-'), k.system), k.n), '{}')
          from (select action, entity_type, system, sum(entries) as n from private.audit_log_counts
                 group by 1, 2, 3 having sum(entries) <> 0) k) as kept_audit,
       (select coalesce(jsonb_object_agg(concat_ws('|', a.action, coalesce(a.entity_type, '-'), a.system), a.n), '{}')
          from (select action, entity_type, actor_user_id is null as system, count(*) as n
                  from public.audit_logs group by 1, 2, 3) a) as real_audit`,
  );
  return rows[0];
}

async function expectKeptEqualsReal(step: string) {
  const counts = await keptAndReal();
  expect(counts.kept_sessions, `sessions after ${step}`).toEqual(counts.real_sessions);
  expect(counts.kept_audit, `audit entries after ${step}`).toEqual(counts.real_audit);
}

/** `work` in a REPEATABLE READ transaction, rolled back: other files' rows cannot move the counts. */
async function inSnapshot(work: () => Promise<void>) {
  await db.query('begin isolation level repeatable read');
  try {
    await work();
  } finally {
    await db.query('rollback');
  }
}

describe('the kept counts follow every change', () => {
  it('sessions: added one and many, status changed one and many, edited, deleted, cascaded', async () => {
    await inSnapshot(async () => {
      await expectKeptEqualsReal('nothing');
      // A child of this test's own: rows other files' transactions (or the jobs) never touch.
      const coach = world.rows.coaches.activeCoach;
      const {
        rows: [{ id: child }],
      } = await db.query<{ id: string }>(
        `insert into public.children (parent_id, coach_id, first_name, age_band)
         values ($1, $2, 'Counta', '9') returning id`,
        [world.users.parent, coach],
      );
      // Far apart in time, so the sessions' no-overlap rules hold.
      const at = (day: number) => `now() + interval '${400 + day} days'`;
      await db.query(
        `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at)
         values ($1, $2, $3, ${at(0)})`,
        [child, coach, world.users.parent],
      );
      await expectKeptEqualsReal('one insert');
      await db.query(
        `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at, status)
         select $1, $2, $3, now() + make_interval(days => 500 + d), (array['scheduled', 'completed', 'no_show'])[1 + d % 3]
           from generate_series(1, 30) d`,
        [child, coach, world.users.parent],
      );
      await expectKeptEqualsReal('a bulk insert of three statuses');
      await db.query(
        `update public.coaching_sessions set status = 'completed'
          where id = (select id from public.coaching_sessions where child_id = $1 order by starts_at limit 1)`,
        [child],
      );
      await expectKeptEqualsReal('one status change');
      await db.query(
        `update public.coaching_sessions set status = 'cancelled'
          where child_id = $1 and status in ('scheduled', 'no_show') and starts_at > now() + interval '450 days'`,
        [child],
      );
      await expectKeptEqualsReal('a bulk status change');
      await db.query(`update public.coaching_sessions set duration_minutes = 45 where child_id = $1`, [
        child,
      ]);
      await expectKeptEqualsReal('an edit that keeps the status');
      await db.query(
        `update public.coaching_sessions set status = case status when 'cancelled' then 'scheduled' else 'cancelled' end
          where child_id = $1`,
        [child],
      );
      await expectKeptEqualsReal('statuses swapped in one statement');
      await db.query(
        `delete from public.coaching_sessions where child_id = $1 and starts_at > now() + interval '520 days'`,
        [child],
      );
      await expectKeptEqualsReal('a bulk delete');
      await db.query(`delete from public.children where id = $1`, [child]);
      await expectKeptEqualsReal('a child deleted, its sessions cascading');
    });
  });

  it('audit entries: added one and many, edited, an actor’s account deleted (set null), deleted', async () => {
    await inSnapshot(async () => {
      const actor = await createUser(db, { firstName: 'Audie', lastName: 'Actor' });
      await expectKeptEqualsReal('a new account');
      await db.query(
        `insert into public.audit_logs (actor_user_id, action, entity_type, entity_id)
         values ($1, 'LEAD_ASSIGNED', 'lead', gen_random_uuid()::text)`,
        [actor.id],
      );
      await db.query(
        `insert into public.audit_logs (actor_user_id, action, entity_type, entity_id)
         select case when d % 2 = 0 then $1::uuid end, (array['LEAD_NOTE_ADDED', 'FLAG_UPDATED'])[1 + d % 2],
                case when d % 5 = 0 then null else 'lead' end, d::text
           from generate_series(1, 25) d`,
        [actor.id],
      );
      await expectKeptEqualsReal('inserts one and many, with and without an actor and entity type');
      await db.query(
        `update public.audit_logs set entity_type = 'lead_archive' where actor_user_id = $1 and action = 'LEAD_NOTE_ADDED'`,
        [actor.id],
      );
      await db.query(`update public.audit_logs set metadata = '{"note": "x"}' where actor_user_id = $1`, [
        actor.id,
      ]);
      await expectKeptEqualsReal('edits');
      // The actor's account goes: their entries stay, without an actor (they join "System").
      await db.query(`delete from auth.users where id = $1`, [actor.id]);
      await expectKeptEqualsReal('the actor’s account deleted');
      await db.query(
        // This transaction's own entries (now() is its start).
        `delete from public.audit_logs where action = 'FLAG_UPDATED' and entity_id ~ '^[0-9]+$' and created_at = now()`,
      );
      await expectKeptEqualsReal('a bulk delete');
    });
  });

  it('folding the kept rows keeps every number', async () => {
    // Committed changes from several statements (read committed, as the job runs), then a fold.
    const child = world.rows.children.theirChild;
    const { rows } = await db.query<{ id: string }>(
      `insert into public.coaching_sessions (child_id, parent_id, starts_at, status)
       select $1, $2, now() + make_interval(days => 700 + d), 'completed' from generate_series(1, 3) d
       returning id`,
      [child, world.users.otherParent],
    );
    await db.query(`update public.coaching_sessions set status = 'no_show' where id = $1`, [rows[0].id]);
    await db.query(`delete from public.coaching_sessions where id = $1`, [rows[1].id]);
    await db.query('select private.compact_kept_counts()');
    await inSnapshot(() => expectKeptEqualsReal('a fold'));
    const { rows: folded } = await db.query<{ keys: number; rows: number }>(
      `select count(distinct status)::int as keys, count(*)::int as rows from private.session_status_counts`,
    );
    // Other files may write between the fold and this read; never more than a few rows a key.
    expect(folded[0].rows).toBeLessThan(folded[0].keys * 20);
    await db.query(`delete from public.coaching_sessions where id = any($1)`, [rows.map((r) => r.id)]);
  });

  it('a rebuild gives the same numbers the triggers kept', async () => {
    await inSnapshot(async () => {
      const before = await keptAndReal();
      await db.query('select private.rebuild_session_status_counts(), private.rebuild_audit_log_counts()');
      const after = await keptAndReal();
      expect(after.kept_sessions).toEqual(before.kept_sessions);
      expect(after.kept_audit).toEqual(before.kept_audit);
    });
  });
});

type Who = 'admin' | 'coach' | 'parent' | 'child' | 'otherParent';

/** The door's answer and the rows the caller may read, counted in the same statement. */
async function doorAndRows(who: Who, session: TwoFactorSession, door: string, rows: string) {
  return asTwoFactorSession(db, world.users[who], session, async (d) => {
    const { rows: result } = await d.query<{ door: number; rows: number }>(
      `select (${door})::int as door, (${rows})::int as rows`,
    );
    return result[0];
  });
}

const SESSION_FILTERS: [string, string][] = [
  [
    `public.session_list_count('completed')`,
    `select count(*) from public.coaching_sessions where status = 'completed'`,
  ],
  [
    `public.session_list_count('scheduled')`,
    `select count(*) from public.coaching_sessions where status = 'scheduled'`,
  ],
  [
    `public.session_list_count('active')`,
    `select count(*) from public.coaching_sessions where status <> 'cancelled'`,
  ],
  [`public.session_list_count()`, `select count(*) from public.coaching_sessions`],
];
const AUDIT_FILTERS: [string, string][] = [
  [`public.audit_log_count()`, `select count(*) from public.audit_logs`],
  [
    `public.audit_log_count(entity_type => 'lead')`,
    `select count(*) from public.audit_logs where entity_type = 'lead'`,
  ],
  [
    `public.audit_log_count(action => 'SESSION_UPDATED', entity_type => 'coaching_session')`,
    `select count(*) from public.audit_logs where action = 'SESSION_UPDATED' and entity_type = 'coaching_session'`,
  ],
  [
    `public.audit_log_count(system_only => true)`,
    `select count(*) from public.audit_logs where actor_user_id is null`,
  ],
];

describe('the counting doors answer with the rows the caller may read', () => {
  const AAL1 = { aal: 'aal1' } as const;
  const cases: { who: Who; session: TwoFactorSession; label: string }[] = [
    { who: 'admin', session: AAL1, label: 'an admin (no factor, not required)' },
    { who: 'admin', session: { aal: 'aal2', factor: true }, label: 'an admin at aal2' },
    { who: 'admin', session: { aal: 'aal1', factor: true }, label: 'an admin short of two-factor sign-in' },
    {
      who: 'admin',
      session: { aal: 'aal1', required: true },
      label: 'an admin without a factor while required',
    },
    { who: 'coach', session: AAL1, label: 'a coach' },
    { who: 'parent', session: AAL1, label: 'a parent' },
    { who: 'child', session: AAL1, label: 'a child login' },
    { who: 'otherParent', session: AAL1, label: 'another parent' },
  ];
  for (const c of cases) {
    it(`${c.label}: each filter's count is the rows they read`, async () => {
      await inOneSnapshot(db, async () => {
        for (const [door, rows] of [...SESSION_FILTERS, ...AUDIT_FILTERS]) {
          const answer = await doorAndRows(c.who, c.session, door, rows);
          expect(answer.door, door).toBe(answer.rows);
        }
      });
    });
  }

  it('the service role (it bypasses row level security) is counted every row', async () => {
    await inSnapshot(async () => {
      await db.query('set local role service_role');
      const { rows } = await db.query<Record<string, number>>(
        `select public.session_list_count('completed')::int as sessions,
                (select count(*)::int from public.coaching_sessions where status = 'completed') as session_rows,
                public.audit_log_count()::int as audit,
                (select count(*)::int from public.audit_logs) as audit_rows`,
      );
      expect(rows[0].sessions).toBe(rows[0].session_rows);
      expect(rows[0].audit).toBe(rows[0].audit_rows);
      expect(rows[0].sessions).toBeGreaterThan(0);
    });
  });

  it('a coach, a parent and a child learn no number of the sessions they cannot read', async () => {
    await inOneSnapshot(db, async () => {
      const all = await doorAndRows('admin', AAL1, `public.session_list_count()`, 'select 0');
      const refused = await doorAndRows(
        'admin',
        { aal: 'aal1', factor: true },
        `public.session_list_count()`,
        'select 0',
      );
      expect(refused.door).toBe(0);
      for (const who of ['coach', 'parent', 'child'] as const) {
        const own = await doorAndRows(who, AAL1, `public.session_list_count()`, 'select 0');
        expect(own.door).toBeGreaterThan(0);
        expect(own.door).toBeLessThan(all.door);
      }
      const audit = await doorAndRows('coach', AAL1, `public.audit_log_count()`, 'select 0');
      expect(audit.door).toBe(0);
    });
  });

  it('the audit facets: the same rows from the kept numbers for an admin, none for a coach', async () => {
    await inOneSnapshot(db, async () => {
      const facets = (who: Who, session: TwoFactorSession) =>
        asTwoFactorSession(db, world.users[who], session, async (d) => {
          const { rows } = await d.query<{ kept: unknown; grouped: unknown }>(
            `select (select jsonb_agg(f order by f.action, f.entity_type) from public.audit_log_facets() f) as kept,
                    (select jsonb_agg(g order by g.action, g.entity_type) from (
                       select a.action, a.entity_type, count(*) as entries from public.audit_logs a
                        group by a.action, a.entity_type) g) as grouped`,
          );
          return rows[0];
        });
      const admin = await facets('admin', AAL1);
      expect(admin.kept).not.toBeNull();
      expect(admin.kept).toEqual(admin.grouped);
      expect(await facets('coach', AAL1)).toEqual({ kept: null, grouped: null });
      expect(await facets('admin', { aal: 'aal1', factor: true })).toEqual({ kept: null, grouped: null });
    });
  });
});

describe('the screens’ calls through supabase-js show the count the list counts row by row', () => {
  const signIn = async (email: string) => {
    const client = createClient<Database>(stackEnv.url, stackEnv.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const { error } = await client.auth.signInWithPassword({ email, password: demoAccounts.password });
    if (error) throw error;
    return client;
  };
  /** Other files add rows meanwhile: the two readings agree on some try, and a wrong kept count never. */
  const agreeing = async (kept: () => Promise<number>, counted: () => Promise<number>) => {
    let last: [number, number] = [-1, -2];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      last = [await kept(), await counted()];
      if (last[0] === last[1]) break;
    }
    return last;
  };
  const sessionsCounted = async (client: SupabaseClient<Database>, status?: string) => {
    let query = client.from('coaching_sessions').select('id', { count: 'exact', head: true });
    if (status === 'active') query = query.neq('status', 'cancelled');
    else if (status) query = query.eq('status', status);
    const { count, error } = await query;
    if (error) throw error;
    return count ?? -1;
  };

  for (const role of ['admin', 'coach'] as const) {
    it(`the sessions list, as the demo ${role}: each status filter`, async () => {
      const client = await signIn(demoEmail(role));
      for (const status of [undefined, 'completed', 'scheduled', 'active']) {
        const [kept, counted] = await agreeing(
          async () => (await fetchSessionsPage(client, { status, page: 2, pageSize: 5 })).total,
          () => sessionsCounted(client, status),
        );
        expect(kept, `status ${status ?? 'any'}`).toBe(counted);
        if (!status) expect(counted).toBeGreaterThan(0);
      }
    });
  }

  it('the audit log, as the demo admin: no filter, an entity type, an action, "System"', async () => {
    const client = await signIn(demoEmail('admin'));
    const filters = [
      { actor: '', action: '', entityType: '' },
      { actor: '', action: '', entityType: 'coaching_session' },
      { actor: '', action: 'SESSION_CREATED', entityType: '' },
      { actor: 'system', action: '', entityType: '' },
    ];
    for (const filter of filters) {
      const [kept, counted] = await agreeing(
        async () => (await fetchAuditPage(client, filter, 1, 25)).total,
        async () => {
          let query = client.from('audit_logs').select('id', { count: 'exact', head: true });
          if (filter.actor === 'system') query = query.is('actor_user_id', null);
          if (filter.action) query = query.eq('action', filter.action);
          if (filter.entityType) query = query.eq('entity_type', filter.entityType);
          const { count, error } = await query;
          if (error) throw error;
          return count ?? -1;
        },
      );
      expect(kept, JSON.stringify(filter)).toBe(counted);
    }
  });
});
