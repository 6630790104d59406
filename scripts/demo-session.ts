import pg from 'pg';

/**
 * The demo session room for `npm start`: the seed's sessions are dated from the moment the seed
 * ran, so on a later start none of them is open. This keeps one session of Mia (the demo child)
 * with Jordan Ellis (the demo coach) whose room is open now: it reuses one that is, or books one
 * starting in 5 minutes (the room opens 10 minutes before the start and closes 15 minutes after
 * the end), or, when the family's plan has no room left that week, brings Mia's next session of
 * the week forward to then. Its booking emails are marked handled, as the seed does for its own demo data.
 *
 * Only `npm start` calls it, never the test stack: the tests book the demo coach themselves.
 */

/** The seeded demo child and coach (supabase/seed.sql). */
const MIA = 'd0000000-0000-4000-8000-000000000001';
const DEMO_COACH = 'c0000000-0000-4000-8000-000000000001';

export interface DemoSession {
  id: string;
  startsAt: Date;
  /** when the room closes */
  closesAt: Date;
  created: boolean;
}

export async function ensureDemoSession(dbUrl: string): Promise<DemoSession | null> {
  const db = new pg.Client({ connectionString: dbUrl });
  db.on('error', () => {});
  await db.connect();
  try {
    await db.query('begin');
    // Serialises two starts of the same stack; the exclusion constraints settle any other clash.
    await db.query(`select pg_advisory_xact_lock(hashtext('ploom-demo-session'))`);
    const seeded = await db.query(
      `select 1 from public.children c join public.coaches k on k.id = $2
        where c.id = $1 and c.coach_id = k.id`,
      [MIA, DEMO_COACH],
    );
    if (seeded.rowCount === 0) {
      await db.query('rollback');
      return null; // not the seeded demo data
    }
    type Row = { id: string; starts_at: Date; closes_at: Date };
    const open = await db.query<Row>(
      `select s.id, s.starts_at,
              s.starts_at + make_interval(mins => s.duration_minutes) + interval '15 minutes' as closes_at
         from public.coaching_sessions s
        where s.child_id = $1 and s.coach_id = $2 and s.status = 'scheduled'
          and now() between s.starts_at - interval '10 minutes'
                        and s.starts_at + make_interval(mins => s.duration_minutes) - interval '5 minutes'
        order by s.starts_at
        limit 1`,
      [MIA, DEMO_COACH],
    );
    if (open.rows[0]) {
      await db.query('commit');
      const row = open.rows[0];
      return { id: row.id, startsAt: row.starts_at, closesAt: row.closes_at, created: false };
    }
    await db.query('savepoint demo_room');
    const booked = await db
      .query<Row>(
        `insert into public.coaching_sessions (child_id, coach_id, starts_at, duration_minutes)
         values ($1, $2, date_trunc('minute', now()) + interval '5 minutes', 30)
         returning id, starts_at, starts_at + interval '45 minutes' as closes_at`,
        [MIA, DEMO_COACH],
      )
      .catch(async (error: { code?: string }) => {
        // The family's plan (two a week) is full this week: Mia's next session of the week comes
        // forward to now instead, so the week keeps its count.
        if (error.code !== '23514') throw error;
        await db.query('rollback to savepoint demo_room');
        return db.query<Row>(
          `update public.coaching_sessions s
              set starts_at = date_trunc('minute', now()) + interval '5 minutes', duration_minutes = 30
            where s.id = (
              select x.id from public.coaching_sessions x
              join public.profiles p on p.id = x.parent_id
              where x.child_id = $1 and x.coach_id = $2 and x.status = 'scheduled' and x.starts_at > now()
                and date_trunc('week', x.starts_at at time zone coalesce(p.time_zone, 'America/New_York'))
                  = date_trunc('week', now() at time zone coalesce(p.time_zone, 'America/New_York'))
              order by x.starts_at limit 1)
            returning s.id, s.starts_at, s.starts_at + interval '45 minutes' as closes_at`,
          [MIA, DEMO_COACH],
        );
      });
    if (booked.rowCount === 0) throw new Error("the family's plan has no room this week");
    await db.query(
      `update public.outbox set outcome = 'skipped', settled_at = now(), last_error = 'demo data'
        where session_id = $1 and outcome is null`,
      [booked.rows[0].id],
    );
    await db.query('commit');
    const row = booked.rows[0];
    return { id: row.id, startsAt: row.starts_at, closesAt: row.closes_at, created: true };
  } catch (error) {
    await db.query('rollback').catch(() => {});
    // A clash with a session booked by hand (23P01) or another fault: the demo room is a nicety.
    console.warn(`No demo session room: ${(error as Error).message}`);
    return null;
  } finally {
    await db.end();
  }
}
