import bcrypt from 'bcryptjs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../scripts/demo-accounts.ts';
import { adminDb } from '../support/stack.ts';
import { asActor } from './support.ts';

/** supabase/seed.sql gives a fresh stack the demo accounts and enough data for every screen. */

let db: pg.Client;
beforeAll(async () => {
  db = await adminDb();
});
afterAll(async () => {
  await db?.end();
});

async function userByEmail(email: string) {
  const { rows } = await db.query(
    `select id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data
       from auth.users where lower(email) = lower($1)`,
    [email],
  );
  return rows[0];
}

/** A child login's Auth user, by the username the child types (its address is random). */
async function userByUsername(username: string) {
  const { rows } = await db.query<{ email: string }>(
    `select u.email from public.child_logins l join auth.users u on u.id = l.user_id where l.username = $1`,
    [username],
  );
  return rows[0] ? userByEmail(rows[0].email) : undefined;
}

const demoLogin = (account: (typeof demoAccounts.users)[number]) =>
  'email' in account ? account.email : account.username;
const demoUser = (account: (typeof demoAccounts.users)[number]) =>
  'email' in account ? userByEmail(account.email) : userByUsername(account.username);

describe('demo accounts (scripts/demo-accounts.ts)', () => {
  it.each(demoAccounts.users.map((u) => [demoLogin(u), u.role, u] as const))(
    '%s signs in with the demo password and has exactly the role %s',
    async (_login, role, account) => {
      const user = await demoUser(account);
      expect(user).toBeDefined();
      expect(user).toMatchObject({
        aud: 'authenticated',
        role: 'authenticated',
        raw_app_meta_data: { provider: 'email', providers: ['email'] },
      });
      expect(user.email_confirmed_at).toBeInstanceOf(Date);
      expect(await bcrypt.compare(demoAccounts.password, user.encrypted_password)).toBe(true);
      const { rows } = await db.query('select role from public.user_roles where user_id = $1', [user.id]);
      expect(rows.map((r) => r.role)).toEqual([role]);
      const profile = await db.query('select first_name from public.profiles where id = $1', [user.id]);
      expect(profile.rows[0]?.first_name).toEqual(expect.any(String));
    },
  );

  it("links the demo child's login to a child of the demo parent, coached by the demo coach", async () => {
    const parent = await userByEmail('parent@ploom.local');
    const child = await userByUsername('mia');
    // The demo child's address is as random as any child's (docs/decisions/151).
    expect(child.email).toMatch(/^c-[0-9a-f]{32}@child\.ploom\.invalid$/);
    const coach = await userByEmail('coach@ploom.local');
    const { rows } = await db.query(
      `select c.parent_id, k.user_id as coach_user_id
         from public.children c left join public.coaches k on k.id = c.coach_id
        where c.user_id = $1`,
      [child.id],
    );
    expect(rows).toEqual([{ parent_id: parent.id, coach_user_id: coach.id }]);
  });

  it('gives every active coach weekly hours, so the demo parent sees open slots for both children', async () => {
    const parent = await userByEmail('parent@ploom.local');
    const { rows: coaches } = await db.query<{ id: string; display_name: string; hours: number }>(
      `select c.id, c.display_name, count(h.id)::int as hours
         from public.coaches c
         join public.availability_schedules s on s.coach_id = c.id
         join public.availability_hours h on h.schedule_id = s.id
        where c.is_active and c.id::text like 'c0000000-%' group by c.id order by c.sort_order`,
    );
    expect(coaches.map((c) => c.display_name)).toEqual(['Jordan Ellis', 'Maya Chen', 'Daniel Brooks']);
    const { rows: children } = await db.query<{ coach_id: string }>(
      'select coach_id from public.children where parent_id = $1 order by first_name desc',
      [parent.id],
    );
    for (const { coach_id } of children) {
      const open = await asActor(
        db,
        'parent',
        parent.id,
        async (c) =>
          (
            await c.query(
              `select * from public.get_coach_open_slots($1, now(), now() + interval '14 days')`,
              [coach_id],
            )
          ).rowCount,
      );
      expect(open).toEqual({ ok: true, value: expect.any(Number) });
      expect(open.ok && open.value).toBeGreaterThan(10);
    }
    const intro = await asActor(
      db,
      'anon',
      undefined,
      async (c) =>
        (await c.query(`select * from public.get_intro_call_slots(now(), now() + interval '7 days')`))
          .rowCount,
    );
    expect(intro.ok && intro.value).toBeGreaterThan(10);
  });

  it('gives the demo family past and upcoming sessions, shared updates and points', async () => {
    const parent = await userByEmail('parent@ploom.local');
    const { rows } = await db.query(
      `select
         (select count(*) from public.coaching_sessions where parent_id = $1 and starts_at < now())::int as past,
         (select count(*) from public.coaching_sessions where parent_id = $1 and starts_at > now())::int as upcoming,
         (select count(*) from public.parent_updates u join public.children c on c.id = u.child_id
           where c.parent_id = $1 and u.shared_at is not null)::int as updates,
         (select coalesce(sum(p.points), 0) from public.ploom_points p join public.children c on c.id = p.child_id
           where c.parent_id = $1)::int as points`,
      [parent.id],
    );
    expect(rows[0].past).toBeGreaterThan(0);
    expect(rows[0].upcoming).toBeGreaterThan(0);
    expect(rows[0].updates).toBeGreaterThan(0);
    expect(rows[0].points).toBeGreaterThan(0);
  });
});

describe('data for the admin screens', () => {
  it('has sign-up enabled', async () => {
    const { rows } = await db.query(`select enabled from public.feature_flags where key = 'signup_enabled'`);
    expect(rows).toEqual([{ enabled: true }]);
  });

  it('has page views on every landing variant, some from a UTM campaign, and page leaves with durations', async () => {
    const { rows } = await db.query<{ path: string; views: number; leaves: number; campaigns: number }>(
      `select path,
              count(*) filter (where event_type = 'page_view')::int as views,
              count(*) filter (where event_type = 'page_leave' and duration_seconds > 0)::int as leaves,
              count(distinct utm_campaign)::int as campaigns
         from public.web_analytics where session_id like 'session\\_%\\_seed%' group by path`,
    );
    const byPath = Object.fromEntries(rows.map((r) => [r.path, r]));
    for (const path of ['/', '/coaching', '/coaching-home', '/coaching-v2', '/pricing']) {
      expect(byPath[path]?.views, path).toBeGreaterThan(0);
      expect(byPath[path]?.leaves, path).toBeGreaterThan(0);
    }
    expect(rows.reduce((n, r) => n + r.campaigns, 0)).toBeGreaterThan(1);
  });

  it('has leads in several pipeline stages and subscribers', async () => {
    const { rows } = await db.query(
      `select (select count(distinct status) from public.waitlist)::int as stages,
              (select count(*) from public.newsletter_subscribers)::int as subscribers`,
    );
    expect(rows[0].stages).toBeGreaterThanOrEqual(3);
    expect(rows[0].subscribers).toBeGreaterThan(0);
  });
});

describe('one list of staff, from the accounts that exist', () => {
  it('every coach of a child or a session is a staff account with the coach role, and a lead assignee', async () => {
    const { rows } = await db.query<{ display_name: string; user_id: string | null; coach: boolean }>(
      `select distinct co.display_name, co.user_id,
              exists (select 1 from public.user_roles r where r.user_id = co.user_id and r.role = 'coach') as coach
         from public.coaches co
        where co.id in (select coach_id from public.children union select coach_id from public.coaching_sessions)
          and co.id::text like 'c0000000-%'
        order by 1`,
    );
    expect(rows.map((r) => r.display_name)).toEqual(['Daniel Brooks', 'Jordan Ellis', 'Maya Chen']);
    for (const row of rows)
      expect(row, row.display_name).toMatchObject({ user_id: expect.any(String), coach: true });
  });

  it('the coaches the staff screens offer (staff_coaches) are the coach-role accounts, Riley the invited coach too', async () => {
    const { rows: staff } = await db.query<{ user_id: string; display_name: string }>(
      `select user_id, display_name from public.staff_coaches where user_id::text like 'a0000000-%' order by 2`,
    );
    expect(staff.map((s) => s.display_name)).toEqual([
      'Daniel Brooks',
      'Jordan Ellis',
      'Maya Chen',
      'Riley Hart',
      'Rosa Alvarez',
    ]);
    const { rows: roles } = await db.query<{ user_id: string }>(
      `select user_id from public.user_roles where role = 'coach' and user_id::text like 'a0000000-%' order by 1`,
    );
    expect(staff.map((s) => s.user_id).sort()).toEqual(roles.map((r) => r.user_id));
    // the leads' assignees are the same coaches (and the admins)
    const { rows: assignees } = await db.query<{ id: string; role: string }>(
      `select r.user_id as id, min(r.role::text) as role from public.user_roles r
        where r.role in ('admin', 'coach') and r.user_id::text like 'a0000000-%' group by r.user_id`,
    );
    const coachAssignees = assignees.filter((a) => a.role === 'coach').map((a) => a.id);
    expect(coachAssignees.sort()).toEqual(staff.map((s) => s.user_id).sort());
  });

  it('an account given the coach role gets its coaches row, unlisted until an admin lists it', async () => {
    await db.query('begin');
    try {
      const { rows } = await db.query<{ id: string }>(
        `insert into auth.users (id, aud, role, email, raw_user_meta_data)
         values (gen_random_uuid(), 'authenticated', 'authenticated', 'new.coach.seedtest@example.com',
                 '{"first_name": "Nia", "last_name": "Newcoach"}') returning id`,
      );
      await db.query(`insert into public.user_roles (user_id, role) values ($1, 'coach')`, [rows[0].id]);
      const coach = await db.query(
        'select display_name, is_active from public.staff_coaches where user_id = $1',
        [rows[0].id],
      );
      expect(coach.rows).toEqual([{ display_name: 'Nia Newcoach', is_active: false }]);
    } finally {
      await db.query('rollback');
    }
  });
});
