import * as OTPAuth from 'otpauth';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeFailure, subscribed } from '../integration/realtime-support.ts';
import { createRoomWorld, type Person, type RoomWorld } from '../integration/session-room-fixtures.ts';
import { anonClient, stackEnv } from '../support/stack.ts';
import { asTwoFactorSession, inOneSnapshot, type TwoFactorSession } from '../support/two-factor.ts';
import { setUpWorld } from './world.ts';

/**
 * Staff two-factor sign-in on every path that row level security alone does not hold: the
 * `security definer` functions (they run as their owner), the writes that decide who is staff and
 * what the rules are, the session room's Realtime channel, and the edge functions that act with the
 * service role. A coach or an admin with a verified factor is refused at aal1 and served at aal2;
 * one without a factor is refused while `require_staff_two_factor` is on. Then a coverage test:
 * every definer function signed-in users may call that touches families' data carries the check,
 * or is on a short list with the reason it needs none. docs/decisions/113-staff-two-factor-everywhere.md
 */

const REQUIRED = /^Two-factor sign-in is required: /;

beforeAll(async () => {
  // Auth creates its MFA tables on its first request (as the hosted platform always has them).
  await fetch(`${stackEnv.url}/auth/v1/health`, { headers: { apikey: stackEnv.anonKey } });
});
const { db, world } = setUpWorld();

type Staff = 'admin' | 'coach';
type Outcome = { ok: true; value: unknown } | { ok: false; code: string; message: string };

/** Runs `sql` as `actor` in the given session state, rolled back; the first row's `v` or the row count. */
async function run(actor: Staff | 'parent', session: TwoFactorSession, sql: string, params: unknown[] = []) {
  try {
    const result = await asTwoFactorSession(db, world.users[actor], session, (d) => d.query(sql, params));
    return { ok: true, value: result.command === 'SELECT' ? result.rows[0]?.v : result.rowCount } as Outcome;
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { ok: false, code: e.code ?? 'unknown', message: e.message ?? String(error) } as Outcome;
  }
}

const AT_AAL1 = { aal: 'aal1', factor: true } as const;
const AT_AAL2 = { aal: 'aal2', factor: true } as const;
const UNENROLLED_WHILE_REQUIRED = { aal: 'aal1', required: true } as const;

const refused = (outcome: Outcome) => {
  expect(outcome).toMatchObject({ ok: false, code: '42501' });
  expect((outcome as { message: string }).message).toMatch(REQUIRED);
};

describe('definer functions staff call: refused short of two-factor sign-in, served after it', () => {
  const cases: {
    name: string;
    actor: Staff;
    sql: string;
    params?: () => unknown[];
    served: (o: Outcome) => void;
  }[] = [
    {
      name: 'admin_accounts (every account’s email)',
      actor: 'admin',
      sql: 'select count(*)::int as v from public.admin_accounts()',
      served: (o) => expect(o).toMatchObject({ ok: true, value: expect.any(Number) as unknown }),
    },
    {
      name: 'lead_assignees (admin)',
      actor: 'admin',
      sql: 'select count(*)::int as v from public.lead_assignees()',
      served: (o) => expect(o).toMatchObject({ ok: true }),
    },
    {
      name: 'lead_assignees (coach)',
      actor: 'coach',
      sql: 'select count(*)::int as v from public.lead_assignees()',
      served: (o) => expect(o).toMatchObject({ ok: true }),
    },
    {
      name: 'enrol_lead (past the check, an unknown lead is "not found")',
      actor: 'admin',
      sql: "select * from public.enrol_lead(gen_random_uuid(), 'Ivy', 9::smallint)",
      served: (o) => expect(o).toMatchObject({ ok: false, code: 'PT404', message: 'Lead not found' }),
    },
    {
      name: 'read_session_note (the session’s coach)',
      actor: 'coach',
      sql: 'select public.read_session_note($1) as v',
      params: () => [world.rows.coaching_sessions!.ourSession],
      served: (o) => expect(o).toMatchObject({ ok: true }),
    },
    {
      name: 'create_calendar_feed (a feed with children’s names leaves the product)',
      actor: 'coach',
      sql: 'select kind as v from public.create_calendar_feed()',
      served: (o) => expect(o).toEqual({ ok: true, value: 'staff' }),
    },
    {
      name: 'landing_report (visitors’ data)',
      actor: 'admin',
      sql: "select count(*)::int as v from public.landing_report(now() - interval '7 days', now())",
      served: (o) => expect(o).toMatchObject({ ok: true }),
    },
    {
      name: 'cockpit_report (visitors’ data and the families’ payments)',
      actor: 'admin',
      sql: "select count(*)::int as v from public.cockpit_report(now() - interval '7 days', now())",
      served: (o) => expect(o).toMatchObject({ ok: true }),
    },
    {
      name: 'import_ad_spend (an empty import is past the check)',
      actor: 'admin',
      sql: "select public.import_ad_spend('[]'::jsonb, 'manual') as v",
      served: (o) => expect(o).toEqual({ ok: true, value: { inserted: 0, updated: 0, unchanged: 0 } }),
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const params = c.params?.() ?? [];
      refused(await run(c.actor, AT_AAL1, c.sql, params));
      refused(await run(c.actor, UNENROLLED_WHILE_REQUIRED, c.sql, params));
      c.served(await run(c.actor, AT_AAL2, c.sql, params));
      // The demo's case: no factor, the setting off: a password alone is enough.
      c.served(await run(c.actor, { aal: 'aal1' }, c.sql, params));
    });
  }

  it('the refusal says what to do: enter the app’s code, or set one up while it is required', async () => {
    const verify = await run('admin', AT_AAL1, 'select count(*) from public.admin_accounts()');
    const enrol = await run(
      'admin',
      UNENROLLED_WHILE_REQUIRED,
      'select count(*) from public.admin_accounts()',
    );
    expect((verify as { message: string }).message).toContain('enter the code from your authenticator app');
    expect((enrol as { message: string }).message).toContain('set up an authenticator app at /admin/account');
  });
});

describe('the room’s helper and the views: nothing for staff short of two-factor sign-in', () => {
  it('the child’s first name in the session room', async () => {
    const sql = 'select private.session_child_first_name($1) as v';
    const params = [world.rows.coaching_sessions!.ourSession];
    expect(await run('coach', AT_AAL2, sql, params)).toMatchObject({
      ok: true,
      value: expect.any(String) as unknown,
    });
    expect(await run('coach', AT_AAL1, sql, params)).toEqual({ ok: true, value: null });
    expect(await run('coach', UNENROLLED_WHILE_REQUIRED, sql, params)).toEqual({ ok: true, value: null });
  });

  // Their per-row helpers (person_name, account_email) need no check of their own: a staff session
  // short of it gets no row of the tables beneath, so there is no one to name.
  for (const view of ['lead_list', 'audit_log_entries', 'family_list']) {
    it(`${view} (security_invoker over guarded tables)`, async () => {
      const sql = `select count(*)::int as v from public.${view}`;
      const served = await run('admin', AT_AAL2, sql);
      expect(served).toMatchObject({ ok: true });
      expect((served as { value: number }).value).toBeGreaterThan(0);
      expect(await run('admin', AT_AAL1, sql)).toEqual({ ok: true, value: 0 });
      expect(await run('admin', UNENROLLED_WHILE_REQUIRED, sql)).toEqual({ ok: true, value: 0 });
    });
  }
});

describe('roles and settings: staff change them only after two-factor sign-in', () => {
  it('an admin at aal1 cannot switch the requirement off, nor one without a factor while it is on', async () => {
    const sql = `update public.feature_flags set enabled = false where key = 'require_staff_two_factor'`;
    expect(await run('admin', AT_AAL1, sql)).toEqual({ ok: true, value: 0 });
    expect(await run('admin', UNENROLLED_WHILE_REQUIRED, sql)).toEqual({ ok: true, value: 0 });
    expect(await run('admin', AT_AAL2, sql)).toEqual({ ok: true, value: 1 });
  });

  it('an admin at aal1 cannot make anyone staff; at aal2 they can', async () => {
    const sql = `insert into public.user_roles (user_id, role) values ($1, 'admin')`;
    const params = [world.users.otherParent];
    expect(await run('admin', AT_AAL1, sql, params)).toMatchObject({ ok: false, code: '42501' });
    expect(await run('admin', UNENROLLED_WHILE_REQUIRED, sql, params)).toMatchObject({
      ok: false,
      code: '42501',
    });
    expect(await run('admin', AT_AAL2, sql, params)).toEqual({ ok: true, value: 1 });
  });

  it('staff still read their own roles at aal1 (the admin area’s guard needs them)', async () => {
    const sql = `select array_agg(role::text) as v from public.user_roles where user_id = auth.uid()`;
    expect(await run('coach', AT_AAL1, sql)).toEqual({ ok: true, value: ['coach'] });
  });

  it('a parent is unaffected by the setting: their own leaderboard and export', async () => {
    // The leaderboard holds other families' children too, which other files add meanwhile: both
    // readings come from one snapshot.
    const board = 'select count(*)::int as v from public.leaderboard(10)';
    await inOneSnapshot(db, async () => {
      const plain = await run('parent', { aal: 'aal1' }, board);
      expect(plain).toMatchObject({ ok: true });
      expect(await run('parent', { aal: 'aal1', required: true }, board)).toEqual(plain);
    });
    const exported = await run(
      'parent',
      { aal: 'aal1', required: true },
      'select public.export_family_data() as v',
    );
    expect(exported).toMatchObject({ ok: true });
  });
});

// ---------------------------------------------------------------------------------------------
// Through the stack, with supabase-js: real sign-ins at aal1 and aal2.

let room: RoomWorld;
let session: { id: string; topic: string };
let coach: { aal2: SupabaseClient; aal1: SupabaseClient };
let admin: { aal2: SupabaseClient; aal1: SupabaseClient };

const PASSWORD = 'correct-horse-battery-9'; // signedInClient's default, which the room fixtures use

const codeFor = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/** The person's client reaches aal2 (enrols and verifies a factor); returns a fresh aal1 client. */
async function withSecondFactor(person: Person): Promise<{ aal2: SupabaseClient; aal1: SupabaseClient }> {
  const enrolled = await person.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  if (enrolled.error) throw enrolled.error;
  const verified = await person.client.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: codeFor(enrolled.data.totp.secret),
  });
  if (verified.error) throw verified.error;
  // As the site does on MFA_CHALLENGE_VERIFIED (supabase-js renews Realtime's token only on sign-in
  // and refresh): Realtime gets the aal2 token.
  await person.client.realtime.setAuth(verified.data.access_token);
  const { rows } = await room.db.query<{ email: string }>('select email from auth.users where id = $1', [
    person.userId,
  ]);
  const aal1 = anonClient();
  const signIn = await aal1.auth.signInWithPassword({ email: rows[0]!.email, password: PASSWORD });
  if (signIn.error) throw signIn.error;
  return { aal2: person.client, aal1 };
}

/** Calls an edge function; answers its status and JSON body. */
async function invoke(client: SupabaseClient, name: string, body: Record<string, unknown>) {
  const { data, error } = await client.functions.invoke(name, { body });
  if (!error) return { status: 200, body: data as unknown };
  const response = (error as { context?: Response }).context;
  if (!response) throw error;
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('through the stack: REST, the session room and the edge functions', () => {
  beforeAll(async () => {
    room = await createRoomWorld();
    session = await room.createSession(room.ours);
    [coach, admin] = await Promise.all([withSecondFactor(room.ours.coach), withSecondFactor(room.admin)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(
      [coach, admin].flatMap((c) => (c ? [c.aal1.removeAllChannels(), c.aal2.removeAllChannels()] : [])),
    );
    await room?.destroy();
  });

  it('an RPC over REST: refused with the reason at aal1, answered at aal2', async () => {
    const aal1 = await admin.aal1.rpc('admin_accounts');
    expect(aal1.error).toMatchObject({ code: '42501' });
    expect(aal1.error?.message).toMatch(REQUIRED);
    const aal2 = await admin.aal2.rpc('admin_accounts');
    expect(aal2.error).toBeNull();
    expect((aal2.data as unknown[]).length).toBeGreaterThan(0);
  });

  it('the session room’s channel: the coach and an admin join at aal2 only', async () => {
    for (const who of [coach, admin]) {
      const failure = await subscribeFailure(who.aal1.channel(session.topic, { config: { private: true } }));
      expect(failure.status).toBe('CHANNEL_ERROR');
      await subscribed(who.aal2.channel(session.topic, { config: { private: true } }));
    }
    // The family is unaffected.
    await subscribed(room.ours.parent.client.channel(session.topic, { config: { private: true } }));
  });

  it('ice-servers: 403 with the reason at aal1, served at aal2', async () => {
    const aal1 = await invoke(coach.aal1, 'ice-servers', { session_id: session.id });
    expect(aal1.status).toBe(403);
    expect(aal1.body).toEqual({ error: expect.stringMatching(REQUIRED) as unknown });
    expect(await invoke(coach.aal2, 'ice-servers', { session_id: session.id })).toMatchObject({
      status: 200,
    });
  });

  it('admin-users and enrol-lead (the service role behind them): 403 at aal1, past the check at aal2', async () => {
    const reset = { action: 'reset_two_factor', user_id: room.theirs.coach.userId };
    const refusedReset = await invoke(admin.aal1, 'admin-users', reset);
    expect(refusedReset.status).toBe(403);
    expect(refusedReset.body).toEqual({ error: expect.stringMatching(REQUIRED) as unknown });
    expect(await invoke(admin.aal2, 'admin-users', reset)).toMatchObject({
      status: 200,
      body: { status: 'two_factor_reset', factors_removed: 0 },
    });

    const enrol = { leadId: crypto.randomUUID() };
    const refusedEnrol = await invoke(admin.aal1, 'enrol-lead', enrol);
    expect(refusedEnrol.status).toBe(403);
    expect(refusedEnrol.body).toEqual({ error: expect.stringMatching(REQUIRED) as unknown });
    expect(await invoke(admin.aal2, 'enrol-lead', enrol)).toEqual({
      status: 404,
      body: { error: 'Lead not found' },
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Coverage: a new definer function that touches families' data must carry the check.

/**
 * Definer functions signed-in users may call that touch families' tables without the check, each
 * with the reason it needs none. A function leaves this list by gaining the check (the test fails
 * while a listed one has it, so the list stays true).
 */
const NEEDS_NO_CHECK: Record<string, string> = {
  'private.family_plan': "the caller's own family's plan, read by its own parent; staff gain nothing",
  'private.require_family_plan': "whether the caller's own family has a plan; staff gain nothing",
  'private.child_plan_goals': "the signed-in child's own goals, in a child's words; staff gain nothing",
  'private.review_family_plan':
    "the caller's own family's plan, reviewed by its own parent; staff gain nothing",
  'private.require_family_slot':
    "whether the caller's own family may book a time (a child's day, priority scheduling); staff gain nothing",
  'private.attach_quiz_results_email':
    'a visitor attaches their email to their own assessment, by its unguessable id; staff gain nothing',
  'private.can_work_lead':
    'a yes/no predicate for RLS policies; the restrictive policy on leads holds the check',
  'private.coaches_family_of': 'a yes/no predicate for RLS policies; the restrictive policies hold the check',
  'private.coached_child_ids':
    'a set for RLS policies, worked out once a statement; the restrictive policies hold the check',
  'private.coached_family_ids':
    'a set for RLS policies, worked out once a statement; the restrictive policies hold the check',
  'private.current_child_id':
    "the caller's own child login, for RLS policies; the restrictive policies hold the check",
  'private.has_enrolled_child': "the caller's own family: a yes/no predicate for RLS policies",
  'private.is_child_user': 'a yes/no predicate for RLS policies; the restrictive policies hold the check',
  'private.is_coach_of_child': 'a yes/no predicate for RLS policies; the restrictive policies hold the check',
  'private.is_current_coach_of_child':
    'a yes/no predicate for RLS policies; the restrictive policies hold the check',
  'private.is_enrolled_child': 'a yes/no predicate for RLS policies; the restrictive policies hold the check',
  'private.is_parent_of_child': "the caller's own family: a yes/no predicate for RLS policies",
  'private.is_session_coach': 'a yes/no predicate for RLS policies; the restrictive policies hold the check',
  'private.session_room_role':
    "the caller's part in a session, for policies and the room, which hold the check",
  'private.may_enter_session_room': 'calls private.may_enter_session, which holds the check',
  'private.audit_actor': "the caller's own id for audit entries; reads no family's row",
  'private.other_active_admin_exists': 'yes/no about the team (the last-admin guard); no family data',
  'private.person_name':
    'a name per row of lead_list and lead_events (security_invoker / RLS-guarded): no row reaches it at aal1',
  'private.account_email':
    'an email per row of audit_log_entries (security_invoker over audit_logs, guarded): no row at aal1',
  'private.audit_entity_name':
    'a name per row of audit_log_entries (security_invoker over audit_logs, guarded): no row at aal1',
  'private.audit_names':
    'the names of the ids in a row of audit_log_entries (security_invoker over audit_logs, guarded): no row at aal1',
  'private.audit_name_of':
    'the names of the ids in a row of audit_log_entries (security_invoker over audit_logs, guarded): no row at aal1',
  'private.cancel_family_session': "a parent cancels their own family's session (parent_id = the caller)",
  'private.request_session_reschedule': "a parent asks to move their own family's session",
  'private.book_family_session': "a parent books their own child's session (children.parent_id = the caller)",
  'private.move_family_session': "a parent moves their own family's session (parent_id = the caller)",
  'private.book_family_series':
    "a parent books their own child's weekly series (children.parent_id = the caller)",
  'private.end_family_series': "a parent ends their own family's weekly series (parent_id = the caller)",
  'private.family_week_allowance':
    "the caller's own family's plan allowance and sessions that week (parent_id = the caller)",
  'private.coach_open_slots':
    "a coach's open times, no family's data; the children table only tells a parent their child's coach",
  'private.child_dashboard': "a child's own dashboard (children.user_id = the caller)",
  'private.export_family_data': "a parent's own family's data (the parent role is required)",
  'private.family_standing': "the caller's own lead and enrolment status",
  'private.my_recommended_plan': "the caller's own quiz result",
  'private.intro_call_for_token':
    "the lead whose link token the caller holds (an unguessable secret, decision 170), not the caller's role",
  'private.book_intro_call': 'books or moves the intro call of the lead whose link token the caller holds',
  'private.cancel_intro_call': 'cancels the intro call of the lead whose link token the caller holds',
  'private.may_message_family':
    'a yes/no predicate for RLS policies; the restrictive policies hold the check',
  'private.family_message_role':
    "the caller's part in a family's conversation, for the insert trigger; the restrictive policy holds the check",
};

const CHECKED = /private\.(meets_staff_two_factor|require_staff_two_factor)\(\)/;

describe('staff two-factor sign-in covers every definer function and view', () => {
  it('every definer function callable by authenticated that touches families’ data has the check', async () => {
    const { rows } = await db.query<{ fn: string; source: string; tables: string[] }>(
      `with family as (
         select distinct p.tablename
         from pg_policies p
         where p.schemaname = 'public' and p.permissive = 'RESTRICTIVE' and p.cmd = 'ALL'
           and p.qual like '%meets_staff_two_factor%'
       )
       select n.nspname || '.' || f.proname as fn, f.prosrc as source,
              array(select t.tablename::text from family t
                    where f.prosrc ~ ('public\\.' || t.tablename || '\\M') order by 1)
              || case when f.prosrc ~ 'auth\\.users\\M' then array['auth.users'] else array[]::text[] end
                as tables
       from pg_proc f
       join pg_namespace n on n.oid = f.pronamespace
       where f.prosecdef
         and n.nspname in ('public', 'private')
         and f.prorettype <> 'trigger'::regtype
         and has_function_privilege('authenticated', f.oid, 'execute')
       order by 1`,
    );
    expect(rows.length).toBeGreaterThan(20);
    const touching = rows.filter((r) => r.tables.length > 0);
    expect(touching.length).toBeGreaterThan(15);

    const unchecked = touching
      .filter((r) => !CHECKED.test(r.source) && !(r.fn in NEEDS_NO_CHECK))
      .map((r) => `${r.fn} (${r.tables.join(', ')})`);
    expect(unchecked, 'add the check, or a reason to NEEDS_NO_CHECK').toEqual([]);

    const stale = Object.keys(NEEDS_NO_CHECK).filter((fn) => {
      const row = rows.find((r) => r.fn === fn);
      return !row || CHECKED.test(row.source);
    });
    expect(stale, 'listed but checked, or no longer callable by authenticated').toEqual([]);
  });

  it('jobs and triggers’ helpers are not callable by signed-in users at all', async () => {
    const { rows } = await db.query<{ fn: string }>(
      `select p.proname as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'private' and p.proname = any($1)
         and (has_function_privilege('authenticated', p.oid, 'execute')
              or has_function_privilege('anon', p.oid, 'execute'))`,
      [
        [
          'book_series_sessions',
          'extend_session_series',
          'queue_session_email',
          'send_due_reminders',
          'request_outbox_delivery',
          'queue_intro_call_email',
          'outbox_letter',
          'issue_intro_call_token',
          'lead_of_intro_call_token',
        ],
      ],
    );
    expect(rows).toEqual([]);
  });

  it('every view signed-in users read runs as the caller (security_invoker), so RLS holds the check', async () => {
    const { rows } = await db.query<{ view: string }>(
      `select c.relname as view
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('v', 'm')
         and has_table_privilege('authenticated', c.oid, 'select')
         and not coalesce('security_invoker=true' = any(c.reloptions), false)`,
    );
    expect(rows).toEqual([]);
  });
});
