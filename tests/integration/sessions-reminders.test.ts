import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCron } from '../../local-supabase/cron.ts';
import { loadConfig } from '../../local-supabase/config.ts';
import { listEmails, waitForEmail } from '../support/inbox.ts';
import { adminDb, stackEnv } from '../support/stack.ts';
import { createPractice, type Practice } from './sessions-support.ts';

/**
 * Reminders 24 hours and 1 hour before, queued by the scheduled job the migrations register with
 * pg_cron (the local stack's stand-in runs it as hosted pg_cron does) and delivered through pg_net:
 * never twice, none after a cancellation.
 */

let db: pg.Client;
let pool: pg.Pool;
let practice: Practice;

beforeAll(async () => {
  db = await adminDb();
  pool = new pg.Pool({ connectionString: stackEnv.dbUrl, max: 4 });
  pool.on('error', () => {});
  practice = await createPractice(db);
});

afterAll(async () => {
  await practice?.destroy();
  await pool?.end();
  await db?.end();
});

/** A session booked two days ago (its booking email long sent), starting `minutes` from now. */
async function sessionBookedEarlier(
  minutes: number,
  child = practice.parent.childId,
  coach = practice.coach.coachId,
) {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.coaching_sessions (child_id, coach_id, starts_at)
     values ($1, $2, date_trunc('minute', now()) + make_interval(mins => $3)) returning id`,
    [child, coach, minutes],
  );
  await db.query(`update public.outbox set created_at = now() - interval '2 days' where session_id = $1`, [
    rows[0].id,
  ]);
  return rows[0].id;
}

/** Runs `work` on `db` in one transaction, committed when it succeeds. */
async function inOneTransaction<T>(work: () => Promise<T>): Promise<T> {
  await db.query('begin');
  try {
    const result = await work();
    await db.query('commit');
    return result;
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

const reminders = async (sessionId: string) =>
  (
    await db.query<{ kind: string; recipient: string }>(
      `select event as kind, recipient from public.outbox
        where session_id = $1 and event like 'reminder%' order by event, recipient = 'coach'`,
      [sessionId],
    )
  ).rows.map((r) => `${r.kind}:${r.recipient}`);

describe('the reminder job', () => {
  it('is registered with pg_cron to run every minute', async () => {
    const { rows } = await db.query(
      `select schedule, command, active from cron.job where jobname = 'session-reminders'`,
    );
    expect(rows).toEqual([
      { schedule: '* * * * *', command: 'select private.send_due_reminders()', active: true },
    ]);
  });

  it('sends the 1-hour reminder once to the family and the coach, however often and concurrently it runs', async () => {
    const session = await sessionBookedEarlier(40);
    // two runs at once, then a third
    await Promise.all([
      pool.query('select private.send_due_reminders()'),
      pool.query('select private.send_due_reminders()'),
    ]);
    await pool.query('select private.send_due_reminders()');
    expect(await reminders(session)).toEqual(['reminder_1h:family', 'reminder_1h:coach']);

    const mail = await waitForEmail(practice.parent.email, /starts in an hour$/);
    expect(mail.text).toMatch(/starts in about an hour, at .* (EST|EDT) \(America\/New_York\)/);
    await waitForEmail(practice.coach.email, /starts in an hour$/);
    // delivered: nothing left queued for it, and exactly one in the inbox
    await expect
      .poll(
        async () =>
          (
            await db.query(
              `select count(*)::int as n from public.outbox where session_id = $1 and outcome is null`,
              [session],
            )
          ).rows[0].n,
      )
      .toBe(0);
    const inbox = (await listEmails()).filter(
      (m) => m.to.some((t) => t.address === practice.parent.email) && /starts in an hour$/.test(m.subject),
    );
    expect(inbox).toHaveLength(1);
  });

  it('sends the 24-hour reminder a day ahead, and no reminder after a cancellation', async () => {
    const tomorrow = await sessionBookedEarlier(
      23 * 60,
      practice.otherParent.childId,
      practice.otherCoach.coachId,
    );
    // Booked and cancelled at once, before the stack's every-minute job could remind anyone of it.
    const cancelled = await inOneTransaction(async () => {
      const id = await sessionBookedEarlier(22 * 60);
      await db.query(`update public.coaching_sessions set status = 'cancelled' where id = $1`, [id]);
      return id;
    });
    await db.query('select private.send_due_reminders()');
    expect(await reminders(tomorrow)).toEqual(['reminder_24h:family', 'reminder_24h:coach']);
    expect(await reminders(cancelled)).toEqual([]);
    const mail = await waitForEmail(practice.otherParent.email, /tomorrow$/);
    expect(mail.text).toContain('(America/Los_Angeles)');
  });

  it('sends no "tomorrow" reminder for a session booked within the last day: the booking said it', async () => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.coaching_sessions (child_id, coach_id, starts_at)
       values ($1, $2, date_trunc('minute', now()) + interval '20 hours') returning id`,
      [practice.parent.childId, practice.coach.coachId],
    );
    await db.query('select private.send_due_reminders()');
    expect(await reminders(rows[0].id)).toEqual([]);
  });

  it('skips a queued reminder whose session was cancelled before it went out', async () => {
    // Booked, reminded and cancelled in one transaction: no sender (woken by this file, by another
    // file's booking or by the stack's every-minute job) can take the reminder before the cancellation.
    const session = await inOneTransaction(async () => {
      const id = await sessionBookedEarlier(50, practice.otherParent.childId, practice.otherCoach.coachId);
      await db.query('select private.send_due_reminders()');
      expect(await reminders(id)).toEqual(['reminder_1h:family', 'reminder_1h:coach']);
      await db.query(`update public.coaching_sessions set status = 'cancelled' where id = $1`, [id]);
      return id;
    });
    // The commit woke the sender; so does the next run of the job.
    await db.query('select private.send_due_reminders()');
    await expect
      .poll(
        async () =>
          (
            await db.query<{ outcome: string | null }>(
              `select outcome from public.outbox where session_id = $1 and event = 'reminder_1h'`,
              [session],
            )
          ).rows.map((r) => r.outcome),
        // the sender runs after the commit and on the job's tick: on a busy machine that is seconds
        { timeout: 10_000 },
      )
      .toEqual(['skipped', 'skipped']);
  });
});

describe('the local pg_cron and pg_net stand-ins', () => {
  it('runs a due job, logs the run, and delivers a queued net.http_post after commit', async () => {
    const received: { url: string; body: string; auth?: string }[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body, auth: req.headers.authorization });
        res.writeHead(201, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const cron = createCron(
      { adminPool: pool, log: () => {}, config: loadConfig() },
      { autoStart: false, apiUrl: stackEnv.url },
    );
    const name = `test-${Date.now()}`;
    try {
      await db.query(`select cron.schedule($1, '*/5 9 * * 1-5', $2)`, [
        name,
        `select net.http_post(url := '${url}', body := '{"hello":"world"}'::jsonb, params := '{"a":"1"}'::jsonb,
                              headers := '{"Content-Type":"application/json","Authorization":"Bearer k"}'::jsonb)`,
      ]);
      // 09:10 UTC on a Monday matches; 09:11 and a Sunday do not
      expect(await cron.runDue(new Date('2026-11-23T09:11:00Z'))).not.toContain(name);
      expect(await cron.runDue(new Date('2026-11-22T09:10:00Z'))).not.toContain(name);
      expect(await cron.runDue(new Date('2026-11-23T09:10:00Z'))).toContain(name);
      const run = await db.query(
        `select d.status, d.return_message from cron.job_run_details d join cron.job j using (jobid) where j.jobname = $1`,
        [name],
      );
      expect(run.rows).toEqual([{ status: 'succeeded', return_message: 'SELECT 1' }]);

      // a request in a rolled-back transaction is never sent
      await db.query('begin');
      await db.query(`select net.http_post(url := $1, body := '{"rolled":"back"}'::jsonb)`, [url]);
      await db.query('rollback');

      // Delivered once, by this runner or by the stack's own (which also delivers after each commit).
      await cron.deliverQueued();
      await expect
        .poll(() => received.filter((r) => r.url.startsWith('/hook')))
        .toEqual([{ url: '/hook?a=1', body: '{"hello": "world"}', auth: 'Bearer k' }]);
      await expect
        .poll(
          async () =>
            (
              await db.query(
                `select status_code, content from net._http_response r
                  where r.id = (select max(id) from net._http_response where content = '{"ok":true}')`,
              )
            ).rows,
        )
        .toEqual([{ status_code: 201, content: '{"ok":true}' }]);
    } finally {
      await db.query(`select cron.unschedule($1)`, [name]);
      await cron.stop();
      server.close();
    }
  });

  it('refuses an invalid schedule as pg_cron does, and unscheduling an unknown job', async () => {
    await expect(db.query(`select cron.schedule('bad', 'every minute', 'select 1')`)).rejects.toThrow(
      'invalid schedule: every minute',
    );
    await expect(db.query(`select cron.unschedule('no-such-job')`)).rejects.toThrow(
      "could not find valid entry for job 'no-such-job'",
    );
  });
});
