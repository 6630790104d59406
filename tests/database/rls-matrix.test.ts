import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/stack.ts';
import { startFreshDatabase } from './fresh-database.ts';
import { ACTORS, asActor, insertRow, leadFactory, type Actor, type Result } from './support.ts';
import { setUpWorld, type World } from './world.ts';

/**
 * The access matrix: every caller × every table × select / insert / update / delete, run in SQL
 * exactly as the API runs a request (role switched, JWT claims set, RLS deciding).
 *
 * - select: which of the fixture rows the caller sees, or DENIED (no privilege on the table);
 * - insert: whether a typical insert for that caller succeeds (no RETURNING, as the forms send it);
 * - update / delete: how many rows of the target change (0 = row hidden by a policy), or DENIED.
 *
 * "parent" is the first family's parent, "otherParent" another family's, "child" the first family's
 * child login, "coach" the first family's coach. See world.ts.
 */

const DENIED = 'denied' as const;
type Expect<T> = Record<Actor, T | typeof DENIED>;

/** One expectation for everyone, with exceptions. */
function all<T>(value: T | typeof DENIED, except: Partial<Expect<T>> = {}): Expect<T> {
  return Object.fromEntries(ACTORS.map((a) => [a, a in except ? except[a] : value])) as Expect<T>;
}

interface TableCase {
  table: string;
  /** the key column the fixture labels refer to */
  key?: string;
  select: Expect<string[]>;
  insert: {
    run: (db: pg.Client, world: World, actor: Actor) => Promise<unknown>;
    expect: Expect<'ok'>;
  };
  update: { set: string; target: string; expect: Expect<number> };
  delete: { target: string; expect: Expect<number> };
}

const { db, world } = setUpWorld();

const me = (actor: Actor) => (actor === 'anon' ? null : world.users[actor]);

const cases: TableCase[] = [
  {
    table: 'user_roles',
    select: all<string[]>(DENIED, {
      parent: ['parent'],
      otherParent: ['otherParent'],
      coach: ['coach'],
      child: ['child'],
      admin: ['parent', 'otherParent', 'coach', 'child', 'admin'],
    }),
    insert: {
      // granting another user (the first family's parent) the coach role; only an admin may
      run: (d, w, actor) =>
        insertRow(d, 'user_roles', {
          user_id: actor === 'parent' ? w.users.otherParent : w.users.parent,
          role: 'coach',
        }),
      expect: all<'ok'>(DENIED, { admin: 'ok' }),
    },
    update: { set: `role = 'coach'`, target: 'parent', expect: all(0, { anon: DENIED, admin: 1 }) },
    delete: { target: 'parent', expect: all(0, { anon: DENIED, admin: 1 }) },
  },
  {
    table: 'profiles',
    select: all<string[]>(DENIED, {
      parent: ['parent'],
      otherParent: ['otherParent'],
      // a coach reads the family they coach (its parent and child login), not every account
      coach: ['parent', 'coach', 'child'],
      child: ['child'],
      admin: ['parent', 'otherParent', 'coach', 'child', 'admin'],
    }),
    insert: {
      run: (d, w) => insertRow(d, 'profiles', { id: w.users.parent, first_name: 'Dup' }),
      expect: all<'ok'>(DENIED),
    },
    update: {
      set: 'last_login_at = now()',
      target: 'parent',
      expect: all(0, { anon: DENIED, parent: 1, admin: 1 }),
    },
    delete: { target: 'parent', expect: all<number>(DENIED) },
  },
  {
    table: 'audit_logs',
    select: all<string[]>([], { anon: DENIED, admin: ['parentLog', 'adminLog'] }),
    insert: {
      run: (d, _w, actor) =>
        insertRow(d, 'audit_logs', {
          actor_user_id: me(actor),
          action: 'USER_LOGIN',
          entity_type: 'auth',
          entity_id: me(actor) ?? 'anon',
        }),
      expect: all<'ok'>('ok', { anon: DENIED }),
    },
    update: { set: `action = 'USER_LOGOUT'`, target: 'parentLog', expect: all<number>(DENIED) },
    delete: { target: 'parentLog', expect: all<number>(DENIED) },
  },
  {
    table: 'web_analytics',
    select: all<string[]>([], { anon: DENIED, admin: ['pageView'] }),
    insert: {
      run: (d) =>
        insertRow(d, 'web_analytics', {
          session_id: 'session_1763000000000_abc123',
          event_type: 'page_view',
          page_path: '/coaching?utm_source=test',
          referrer: null,
          user_agent: 'vitest',
          device_type: 'mobile',
          metadata: { screen_width: 390, screen_height: 844 },
        }),
      expect: all<'ok'>('ok'),
    },
    update: { set: 'duration_seconds = 5', target: 'pageView', expect: all<number>(DENIED) },
    delete: { target: 'pageView', expect: all<number>(DENIED) },
  },
  {
    table: 'newsletter_subscribers',
    select: all<string[]>([], { anon: DENIED, admin: ['subscriber'] }),
    insert: {
      run: (d) => insertRow(d, 'newsletter_subscribers', { email: uniqueEmail('news'), first_name: 'Dana' }),
      expect: all<'ok'>('ok'),
    },
    update: { set: `first_name = 'Changed'`, target: 'subscriber', expect: all<number>(DENIED) },
    delete: { target: 'subscriber', expect: all(0, { anon: DENIED, admin: 1 }) },
  },
  {
    table: 'waitlist',
    select: all<string[]>([], { anon: DENIED, admin: ['lead'] }),
    insert: { run: (d) => insertRow(d, 'waitlist', leadFactory()), expect: all<'ok'>('ok') },
    update: { set: `status = 'contacted'`, target: 'lead', expect: all(0, { anon: DENIED, admin: 1 }) },
    delete: { target: 'lead', expect: all(0, { anon: DENIED, admin: 1 }) },
  },
  {
    table: 'contact_messages',
    select: all<string[]>([], { anon: DENIED, admin: ['contactMessage'] }),
    insert: {
      run: (d) =>
        insertRow(d, 'contact_messages', {
          id: randomUUID(),
          name: 'Dana Visitor',
          email: uniqueEmail('matrix-contact'),
          topic: 'general',
          message: 'Do you coach twins together?',
        }),
      expect: all<'ok'>('ok'),
    },
    update: {
      set: `status = 'replied'`,
      target: 'contactMessage',
      expect: all(0, { anon: DENIED, admin: 1 }),
    },
    delete: { target: 'contactMessage', expect: all(0, { anon: DENIED, admin: 1 }) },
  },
  {
    table: 'quiz_assessments',
    select: all<string[]>([], { anon: DENIED, admin: ['assessment'] }),
    insert: {
      run: (d) =>
        insertRow(d, 'quiz_assessments', {
          id: randomUUID(),
          answers: { q1: 2 },
          scores: { emotions: 55, confidence: 45, focus: 70, connection: 60 },
          recommended_plan: 'focused-progress',
          top_focus_area: 'confidence',
        }),
      expect: all<'ok'>('ok'),
    },
    // Nobody edits an assessment through the API: the email arrives through email_me_quiz_results.
    update: { set: `child_first_name = 'Changed'`, target: 'assessment', expect: all<number>(DENIED) },
    delete: { target: 'assessment', expect: all(0, { anon: DENIED, admin: 1 }) },
  },
  {
    table: 'feature_flags',
    key: 'key',
    select: all<string[]>(['signupEnabled', 'fixtureFlag']),
    insert: {
      run: (d) => insertRow(d, 'feature_flags', { key: 'matrix_flag', enabled: true }),
      expect: all<'ok'>(DENIED, { admin: 'ok' }),
    },
    update: { set: 'enabled = true', target: 'fixtureFlag', expect: all(0, { anon: DENIED, admin: 1 }) },
    delete: { target: 'fixtureFlag', expect: all(0, { anon: DENIED, admin: 1 }) },
  },
  {
    table: 'coaches',
    select: all<string[]>(['activeCoach'], { admin: ['activeCoach', 'inactiveCoach'] }),
    insert: {
      run: (d) => insertRow(d, 'coaches', { display_name: 'New Coach' }),
      expect: all<'ok'>(DENIED, { admin: 'ok' }),
    },
    update: { set: `bio = 'Updated'`, target: 'activeCoach', expect: all(0, { anon: DENIED, admin: 1 }) },
    delete: { target: 'inactiveCoach', expect: all(0, { anon: DENIED, admin: 1 }) },
  },
  {
    table: 'children',
    select: all<string[]>(['ourChild'], {
      anon: DENIED,
      // a child's login reads its dashboard (rpc child_dashboard), not its row: see child-accounts.test.ts
      child: [],
      otherParent: ['theirChild'],
      admin: ['ourChild', 'theirChild'],
    }),
    insert: {
      // a parent adding a child of their own
      run: (d, _w, actor) => insertRow(d, 'children', { parent_id: me(actor), first_name: 'Newbie' }),
      expect: all<'ok'>(DENIED, { parent: 'ok', otherParent: 'ok', admin: 'ok' }),
    },
    update: {
      set: `notes = 'Likes drawing'`,
      target: 'ourChild',
      expect: all(0, { anon: DENIED, parent: 1, admin: 1 }),
    },
    delete: { target: 'ourChild', expect: all(0, { anon: DENIED, parent: 1, admin: 1 }) },
  },
  {
    table: 'coaching_sessions',
    select: all<string[]>(['ourSession'], {
      anon: DENIED,
      otherParent: ['theirSession'],
      admin: ['ourSession', 'theirSession'],
    }),
    insert: {
      run: (d, w) =>
        insertRow(d, 'coaching_sessions', {
          child_id: w.rows.children.ourChild,
          parent_id: w.users.parent,
          starts_at: new Date(Date.now() + 86400000).toISOString(),
        }),
      expect: all<'ok'>(DENIED, { admin: 'ok' }),
    },
    update: {
      set: `status = 'completed'`,
      target: 'ourSession',
      expect: all(0, { anon: DENIED, coach: 1, admin: 1 }),
    },
    delete: { target: 'ourSession', expect: all(0, { anon: DENIED, admin: 1 }) },
  },
  {
    table: 'parent_updates',
    select: all<string[]>([], {
      anon: DENIED,
      parent: ['ourSharedUpdate'],
      otherParent: ['theirUpdate'],
      coach: ['ourSharedUpdate', 'ourDraftUpdate'],
      admin: ['ourSharedUpdate', 'ourDraftUpdate', 'theirUpdate'],
    }),
    insert: {
      run: (d, w) =>
        insertRow(d, 'parent_updates', {
          child_id: w.rows.children.ourChild,
          coach_id: w.rows.coaches.activeCoach,
          body: 'A new weekly update.',
        }),
      expect: all<'ok'>(DENIED, { coach: 'ok', admin: 'ok' }),
    },
    update: {
      set: `body = 'Edited'`,
      target: 'ourSharedUpdate',
      expect: all(0, { anon: DENIED, coach: 1, admin: 1 }),
    },
    delete: { target: 'ourDraftUpdate', expect: all(0, { anon: DENIED, coach: 1, admin: 1 }) },
  },
  {
    table: 'ploom_points',
    select: all<string[]>(['ourPoints'], {
      anon: DENIED,
      otherParent: ['theirPoints'],
      admin: ['ourPoints', 'theirPoints'],
    }),
    insert: {
      run: (d, w, actor) =>
        insertRow(d, 'ploom_points', {
          child_id: w.rows.children.ourChild,
          points: 5,
          reason: 'Great effort',
          awarded_by: me(actor),
        }),
      expect: all<'ok'>(DENIED, { parent: 'ok', coach: 'ok', admin: 'ok' }),
    },
    update: { set: 'points = 50', target: 'ourPoints', expect: all<number>(DENIED) },
    delete: { target: 'ourPoints', expect: all(0, { anon: DENIED, admin: 1 }) },
  },
  {
    // Visits to a session's room: the visitor, the session's coach and parent, admins read them.
    table: 'session_attendance',
    select: all<string[]>(['ourAttendance'], {
      anon: DENIED,
      otherParent: ['theirAttendance'],
      admin: ['ourAttendance', 'theirAttendance'],
    }),
    insert: {
      // the fixture session is days away, so its room is closed to everyone (open rooms:
      // tests/integration/session-room-attendance.test.ts)
      run: (d, w) => insertRow(d, 'session_attendance', { session_id: w.rows.coaching_sessions.ourSession }),
      expect: all<'ok'>(DENIED),
    },
    update: { set: 'left_at = now()', target: 'ourAttendance', expect: all(0, { anon: DENIED, child: 1 }) },
    delete: { target: 'ourAttendance', expect: all<number>(DENIED) },
  },
];

function outcome<T>(result: Result<T>): T | typeof DENIED | string {
  if (result.ok) return result.value;
  // 42501: no privilege on the table or column, or a row that a policy's WITH CHECK rejects.
  return result.error.code === '42501' ? DENIED : `error ${result.error.code}: ${result.error.message}`;
}

describe.each(cases)('$table', (c) => {
  const key = c.key ?? 'id';
  const labelOf = (value: string) =>
    Object.entries(world.rows[c.table]).find(([, id]) => id === value)?.[0] ?? value;

  it.each(ACTORS)('select as %s', async (actor) => {
    const fixtureKeys = Object.values(world.rows[c.table]);
    const result = await asActor(db, actor, me(actor) ?? undefined, async (d) => {
      const { rows } = await d.query<{ k: string }>(
        `select ${key}::text as k from public.${c.table} where ${key}::text = any($1)`,
        [fixtureKeys],
      );
      return rows.map((r) => labelOf(r.k)).sort();
    });
    const expected = c.select[actor];
    expect(outcome(result)).toEqual(expected === DENIED ? DENIED : [...expected].sort());
  });

  it.each(ACTORS)('insert as %s', async (actor) => {
    const result = await asActor(db, actor, me(actor) ?? undefined, async (d) => {
      await c.insert.run(d, world, actor);
      return 'ok' as const;
    });
    expect(outcome(result)).toEqual(c.insert.expect[actor]);
  });

  it.each(ACTORS)('update as %s', async (actor) => {
    const target = world.rows[c.table][c.update.target];
    const result = await asActor(db, actor, me(actor) ?? undefined, async (d) => {
      const { rowCount } = await d.query(
        `update public.${c.table} set ${c.update.set} where ${key}::text = $1`,
        [target],
      );
      return rowCount ?? 0;
    });
    expect(outcome(result)).toEqual(c.update.expect[actor]);
  });

  it.each(ACTORS)('delete as %s', async (actor) => {
    const target = world.rows[c.table][c.delete.target];
    const result = await asActor(db, actor, me(actor) ?? undefined, async (d) => {
      const { rowCount } = await d.query(`delete from public.${c.table} where ${key}::text = $1`, [target]);
      return rowCount ?? 0;
    });
    expect(outcome(result)).toEqual(c.delete.expect[actor]);
  });
});

/**
 * Tables whose access matrix (every caller × select / insert / update / delete) lives in their
 * domain's own test file, beside the rules of that domain.
 */
const matrixElsewhere: Record<string, string> = {
  leads: 'leads.test.ts',
  family_summaries: 'families.test.ts',
  lead_events: 'leads.test.ts',
  session_notes: 'sessions.test.ts',
  session_series: 'sessions.test.ts',
  outbox: 'sessions.test.ts',
  app_settings: 'settings.test.ts',
  child_logins: 'child-accounts.test.ts',
  child_login_attempts: 'child-accounts.test.ts',
  child_login_locks: 'child-accounts.test.ts',
  billing_customers: 'billing.test.ts',
  subscriptions: 'billing.test.ts',
  invoices: 'billing.test.ts',
  stripe_webhook_events: 'billing.test.ts',
  deleted_billing_customers: 'billing.test.ts',
  consent_notices: 'family.test.ts',
  parental_consents: 'family.test.ts',
  preferred_session_times: 'family.test.ts',
  at_home_tools: 'family.test.ts',
  session_change_requests: 'family.test.ts',
  notification_preferences: 'account.test.ts',
  family_rewards: 'account.test.ts',
  availability_schedules: 'scheduling.test.ts',
  availability_hours: 'scheduling.test.ts',
  availability_overrides: 'scheduling.test.ts',
  meeting_rules: 'scheduling.test.ts',
  intro_calls: 'scheduling.test.ts',
  check_ins: '../integration/progress.test.ts',
  practice_goals: '../integration/progress.test.ts',
  practice_days: '../integration/progress.test.ts',
  progress_reports: '../integration/progress-reports.test.ts',
  family_plan_versions: '../integration/family-plans.test.ts',
  family_plan_ticks: '../integration/family-plans.test.ts',
  family_plan_reviews: '../integration/family-plans.test.ts',
  family_messages: '../integration/family-messages.test.ts',
  family_message_reads: '../integration/family-messages.test.ts',
  ad_spend: 'cockpit-report.test.ts',
};

describe('coverage', () => {
  it('each table covered elsewhere has its matrix in that file', () => {
    for (const [table, file] of Object.entries(matrixElsewhere)) {
      const source = fs.readFileSync(path.join(import.meta.dirname, file), 'utf8');
      expect(source, `${file} has no role matrix for ${table}`).toMatch(new RegExp(`\\b${table}\\b`));
      expect(source).toMatch(/(role|access) matrix|\(role x action\)/);
    }
  });

  // Read from a database built from the migrations alone: other test files create tables of
  // their own in the test stack's database.
  it('covers every table in public, each with row level security enabled', async () => {
    const fresh = await startFreshDatabase();
    try {
      const { rows } = await fresh.db.query<{ relname: string; relrowsecurity: boolean }>(
        `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')
            and not exists (select 1 from pg_depend e where e.objid = c.oid and e.deptype = 'e')
          order by c.relname`,
      );
      // A table missing here has no row in the access matrix: add a case for it above.
      expect(rows.map((r) => r.relname)).toEqual(
        [...cases.map((c) => c.table), ...Object.keys(matrixElsewhere)].sort(),
      );
      expect(rows.filter((r) => !r.relrowsecurity)).toEqual([]);
    } finally {
      await fresh.stop();
    }
  });
});
