import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { stackEnv, uniqueEmail } from '../support/stack.ts';
import { asActor, createUser, setRoles, type Actor, type Result } from './support.ts';

/**
 * Two families, a coach, a child with a login and an admin, with a row of every kind that belongs to
 * each, created fresh for a test file (committed, removed by `destroy`). The first family (parent,
 * child login, coached by the coach) is "ours"; the second family is someone else's.
 */
export interface World {
  users: Record<Exclude<Actor, 'anon'>, string>;
  /** fixture rows by table, then by label */
  rows: Record<string, Record<string, string>>;
  /**
   * Another coach (a coach login and its coaches row) who coaches no child of the world yet;
   * removed with the world.
   */
  addCoach(name: { firstName: string; lastName: string }): Promise<{ userId: string; coachId: string }>;
  destroy(): Promise<void>;
}

/**
 * The set-up every database test file shares: a superuser connection and a fresh World, made before
 * the file's first test and removed after its last. Call it once at the top of the file:
 *
 *   const { db, world } = setUpWorld();
 *
 * Both are usable from the file's own `beforeAll` (registered after this call, so it runs after the
 * world exists) and in its tests; the file's own `afterAll` runs before the world is removed.
 * `runAs(actor, work)` is `asActor` as that actor of the world (anon as a visitor).
 */
export function setUpWorld(): {
  db: pg.Client;
  world: World;
  runAs<T>(
    actor: Actor,
    work: (db: pg.Client) => Promise<T>,
    arrange?: (db: pg.Client) => Promise<unknown>,
  ): Promise<Result<T>>;
} {
  const db = new pg.Client({ connectionString: stackEnv.dbUrl });
  db.on('error', () => {});
  // Filled in place before the first test, so the file can hold it in a const from the start.
  const world = {} as World;
  let connected = false;
  beforeAll(async () => {
    await db.connect();
    connected = true;
    Object.assign(world, await createWorld(db));
  });
  afterAll(async () => {
    if (typeof world.destroy === 'function') await world.destroy();
    if (connected) await db.end();
  });
  return {
    db,
    world,
    runAs: (actor, work, arrange) =>
      asActor(db, actor, actor === 'anon' ? undefined : world.users[actor], work, arrange),
  };
}

export async function createWorld(db: pg.Client): Promise<World> {
  const parent = await createUser(db, { firstName: 'Pat', lastName: 'Fixture' });
  const otherParent = await createUser(db, { firstName: 'Olive', lastName: 'Other' });
  const coach = await createUser(db, { firstName: 'Casey', lastName: 'Coach' });
  const child = await createUser(db, { firstName: 'Kit', lastName: 'Fixture' });
  const admin = await createUser(db, { firstName: 'Ada', lastName: 'Admin' });
  await setRoles(db, coach.id, ['coach']);
  await setRoles(db, child.id, ['child']);
  await setRoles(db, admin.id, ['admin']);
  const users = {
    parent: parent.id,
    otherParent: otherParent.id,
    coach: coach.id,
    child: child.id,
    admin: admin.id,
  };

  const one = async (sql: string, params: unknown[]) =>
    String((await db.query<{ id: string | number }>(sql, params)).rows[0].id);

  const roleIds = async () => {
    const { rows } = await db.query<{ id: string; user_id: string }>(
      'select id, user_id from public.user_roles where user_id = any($1)',
      [Object.values(users)],
    );
    const label = (userId: string) => Object.entries(users).find(([, id]) => id === userId)![0];
    return Object.fromEntries(rows.map((r) => [label(r.user_id), r.id]));
  };

  const activeCoach = await one(
    `insert into public.coaches (user_id, display_name, title, specialties, sort_order)
     values ($1, 'Casey Coach', 'Family Coach', array['emotions'], 90)
       on conflict (user_id) do update set display_name = excluded.display_name, title = excluded.title, specialties = excluded.specialties, sort_order = excluded.sort_order, is_active = excluded.is_active returning id`,
    [coach.id],
  );
  const inactiveCoach = await one(
    `insert into public.coaches (display_name, is_active, sort_order) values ('Former Coach', false, 91) returning id`,
    [],
  );
  const ourChild = await one(
    `insert into public.children (parent_id, user_id, coach_id, first_name, age_band)
     values ($1, $2, $3, 'Kit', '9') returning id`,
    [parent.id, child.id, activeCoach],
  );
  const theirChild = await one(
    `insert into public.children (parent_id, first_name, age_band) values ($1, 'Otto', '11') returning id`,
    [otherParent.id],
  );
  const ourSession = await one(
    `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at)
     values ($1, $2, $3, now() + interval '2 days') returning id`,
    [ourChild, activeCoach, parent.id],
  );
  const theirSession = await one(
    `insert into public.coaching_sessions (child_id, parent_id, starts_at)
     values ($1, $2, now() + interval '3 days') returning id`,
    [theirChild, otherParent.id],
  );
  const ourSharedUpdate = await one(
    `insert into public.parent_updates (child_id, session_id, coach_id, body, shared_at)
     values ($1, $2, $3, 'Kit practised calm breathing.', now()) returning id`,
    [ourChild, ourSession, activeCoach],
  );
  const ourDraftUpdate = await one(
    `insert into public.parent_updates (child_id, coach_id, body) values ($1, $2, 'Draft notes.') returning id`,
    [ourChild, activeCoach],
  );
  const theirUpdate = await one(
    `insert into public.parent_updates (child_id, body, shared_at) values ($1, 'Otto did well.', now()) returning id`,
    [theirChild],
  );
  const ourPoints = await one(
    `insert into public.ploom_points (child_id, points, reason, awarded_by) values ($1, 10, 'Attended', $2) returning id`,
    [ourChild, coach.id],
  );
  const theirPoints = await one(
    `insert into public.ploom_points (child_id, points, reason, awarded_by) values ($1, 5, 'Tried', $2) returning id`,
    [theirChild, otherParent.id],
  );
  const parentLog = await one(
    `insert into public.audit_logs (actor_user_id, action, entity_type, entity_id)
     values ($1, 'USER_LOGIN', 'auth', $2) returning id`,
    [parent.id, parent.id],
  );
  const adminLog = await one(
    `insert into public.audit_logs (actor_user_id, action, entity_type, entity_id)
     values ($1, 'LEAD_STATUS_CHANGED', 'waitlist', 'x') returning id`,
    [admin.id],
  );
  const pageView = await one(
    `insert into public.web_analytics (session_id, event_type, page_path, device_type)
     values ('session_1_fixture', 'page_view', '/coaching?utm_campaign=fixture', 'desktop') returning id`,
    [],
  );
  const subscriber = await one(
    `insert into public.newsletter_subscribers (email, first_name) values ($1, 'Sub') returning id`,
    [uniqueEmail('subscriber')],
  );
  const lead = await one(
    `insert into public.waitlist (name, email, consent, source) values ('Lee Lead', $1, true, 'waitlist') returning id`,
    [uniqueEmail('lead')],
  );
  const contactMessage = await one(
    `insert into public.contact_messages (name, email, topic, message) values ('Cora Contact', $1, 'program', 'How do sessions work?') returning id`,
    [uniqueEmail('contact')],
  );
  const assessment = await one(
    `insert into public.quiz_assessments (answers, scores, recommended_plan, top_focus_area, child_first_name, child_age)
     values ('{"q1": 3}', '{"emotions": 40, "confidence": 60, "focus": 50, "connection": 70}', 'steady-growth', 'emotions', 'Quin', 8)
     returning id`,
    [],
  );
  const ourAttendance = await one(
    `insert into public.session_attendance (session_id, user_id, role) values ($1, $2, 'child') returning id`,
    [ourSession, child.id],
  );
  const theirAttendance = await one(
    `insert into public.session_attendance (session_id, user_id, role) values ($1, $2, 'parent') returning id`,
    [theirSession, otherParent.id],
  );
  // Unique across the files that make their worlds at the same moment in parallel.
  const flagKey = `fixture_${randomUUID().replaceAll('-', '')}`;
  await db.query(`insert into public.feature_flags (key, enabled) values ($1, false)`, [flagKey]);

  const rows: World['rows'] = {
    user_roles: await roleIds(),
    profiles: { ...users },
    audit_logs: { parentLog, adminLog },
    web_analytics: { pageView },
    newsletter_subscribers: { subscriber },
    waitlist: { lead },
    contact_messages: { contactMessage },
    quiz_assessments: { assessment },
    feature_flags: { signupEnabled: 'signup_enabled', fixtureFlag: flagKey },
    coaches: { activeCoach, inactiveCoach },
    children: { ourChild, theirChild },
    coaching_sessions: { ourSession, theirSession },
    parent_updates: { ourSharedUpdate, ourDraftUpdate, theirUpdate },
    ploom_points: { ourPoints, theirPoints },
    session_attendance: { ourAttendance, theirAttendance },
  };

  const addedCoaches: { userId: string; coachId: string }[] = [];
  return {
    users,
    rows,
    async addCoach({ firstName, lastName }) {
      const user = await createUser(db, { firstName, lastName });
      await setRoles(db, user.id, ['coach']);
      const coachId = await one(
        `insert into public.coaches (user_id, display_name, sort_order) values ($1, $2, 92)
           on conflict (user_id) do update set display_name = excluded.display_name, sort_order = excluded.sort_order, is_active = excluded.is_active returning id`,
        [user.id, `${firstName} ${lastName}`],
      );
      addedCoaches.push({ userId: user.id, coachId });
      return { userId: user.id, coachId };
    },
    async destroy() {
      // Other files write beside this clean-up. Deleting the lead used to take the hour's row of
      // conversion counts, which a booking held while it waited for the slot the cascade frees: a
      // deadlock (decision 236 removed that row's lock). Should Postgres end a cycle by failing a
      // statement (40P01), a client runs it again; the warning names the cycle, to be found.
      const query = (sql: string, params: unknown[]) => retryOnDeadlock(() => db.query(sql, params));
      await query('delete from public.feature_flags where key = $1', [flagKey]);
      await query('delete from public.waitlist where id = $1', [lead]);
      await query('delete from public.contact_messages where id = $1', [contactMessage]);
      await query('delete from public.quiz_assessments where id = $1', [assessment]);
      await query('delete from public.newsletter_subscribers where id = $1', [subscriber]);
      await query('delete from public.web_analytics where id = $1', [pageView]);
      await query('delete from public.audit_logs where id = any($1)', [[parentLog, adminLog]]);
      await query('delete from public.coaches where id = any($1)', [[activeCoach, inactiveCoach]]);
      // Users last: their children, sessions, updates, points, roles and profiles go with them.
      await query('delete from auth.users where id = any($1)', [Object.values(users)]);
      // Added coaches after the families they may coach.
      await query('delete from public.coaches where id = any($1)', [addedCoaches.map((c) => c.coachId)]);
      await query('delete from auth.users where id = any($1)', [addedCoaches.map((c) => c.userId)]);
    },
  };
}

/** Runs `statement` again (five times at most) when Postgres ends a deadlock by failing it. */
async function retryOnDeadlock<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await statement();
    } catch (error) {
      const { code, detail } = error as { code?: string; detail?: string };
      if (code !== '40P01' || attempt === 5) throw error;
      console.warn(`a clean-up statement was chosen to end a deadlock, and runs again: ${detail ?? ''}`);
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}
