import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForEmail } from '../support/inbox.ts';
import { givePlan } from '../support/plans.ts';
import { adminDb, signedInClient } from '../support/stack.ts';

/**
 * Progress reports (docs/decisions/224), through supabase-js as the coach's and the parent's
 * screens call them: the coach sees the report due, starts it from what the product knows of the
 * period, writes the summary and the next steps, publishes; the parent reads it (never a draft) and
 * is emailed that it is ready, without its content. Role matrix for progress_reports (role x action)
 * below.
 */

type Signed = Awaited<ReturnType<typeof signedInClient>>;
let db: pg.Client;
let parent: Signed;
let coach: Signed;
let otherCoach: Signed;
let coachId: string;
let child: string;
let lastMonth: { start: string; end: string };

async function makeCoach(name: string): Promise<{ signed: Signed; id: string }> {
  const signed = await signedInClient({ firstName: name, lastName: 'Reports' });
  await db.query(`update public.user_roles set role = 'coach' where user_id = $1`, [signed.userId]);
  const id = (
    await db.query<{ id: string }>(
      `insert into public.coaches (user_id, display_name) values ($1, $2) returning id`,
      [signed.userId, `${name} Reports`],
    )
  ).rows[0]!.id;
  return { signed, id };
}

const at = (day: string, time = '17:00') => `${day}T${time}:00Z`;

beforeAll(async () => {
  db = await adminDb();
  parent = await signedInClient({ firstName: 'Robin', lastName: 'Reader' });
  await db.query(`update public.profiles set time_zone = 'UTC' where id = $1`, [parent.userId]);
  const made = await makeCoach('Jules');
  coach = made.signed;
  coachId = made.id;
  otherCoach = (await makeCoach('Kit')).signed;
  child = (
    await db.query<{ id: string }>(
      `insert into public.children (parent_id, coach_id, first_name, age_band) values ($1, $2, 'Mia', '9') returning id`,
      [parent.userId, coachId],
    )
  ).rows[0]!.id;
  // On Focused Progress (monthly reports) since two months ago.
  const plan = await givePlan(db, parent.userId, 'focused-progress');
  await db.query(
    `update public.subscriptions set stripe_created = now() - interval '70 days' where id = $1`,
    [plan],
  );
  const month = (
    await db.query<{ start: string; end: string }>(
      `select to_char(date_trunc('month', now() at time zone 'UTC') - interval '1 month', 'YYYY-MM-DD') as start,
              to_char(date_trunc('month', now() at time zone 'UTC') - interval '1 day', 'YYYY-MM-DD') as end`,
    )
  ).rows[0]!;
  lastMonth = month;
  const day = (n: number) => `${month.start.slice(0, 8)}${String(n).padStart(2, '0')}`;
  // last month: two sessions attended, one missed, one cancelled
  for (const [n, status] of [
    [3, 'completed'],
    [10, 'completed'],
    [17, 'no_show'],
    [24, 'cancelled'],
  ] as const) {
    await db.query(
      `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at, status) values ($1, $2, $3, $4, $5)`,
      [child, coachId, parent.userId, at(day(n)), status],
    );
  }
  // a check-in before the month and one in it
  const scores = (e: number) => JSON.stringify({ emotions: e, confidence: 40, focus: 50, connection: 60 });
  const answers = JSON.stringify({ q1: 2, q2: 3 });
  await db.query(
    `insert into public.check_ins (id, child_id, answers, scores, taken_at) values
       ($1, $3, $5::jsonb, $6::jsonb, $7::date - interval '10 days'),
       ($2, $3, $5::jsonb, $8::jsonb, $4)`,
    [randomUUID(), randomUUID(), child, at(day(20)), answers, scores(30), month.start, scores(55)],
  );
  const goal = (
    await db.query<{ id: string }>(
      `insert into public.practice_goals (child_id, coach_id, title) values ($1, $2, 'Balloon breaths at bedtime') returning id`,
      [child, coachId],
    )
  ).rows[0]!.id;
  await db.query(`update public.practice_goals set created_at = $2::date - interval '5 days' where id = $1`, [
    goal,
    month.start,
  ]);
  // days of last month, as the family ticked them then (the rule that a tick is for the last two
  // weeks holds at the time of ticking: the arranging connection skips the triggers)
  await db.query('set session_replication_role = replica');
  for (const n of [4, 5, 6]) {
    await db.query(`insert into public.practice_days (goal_id, child_id, practised_on) values ($1, $2, $3)`, [
      goal,
      child,
      day(n),
    ]);
  }
  await db.query('set session_replication_role = origin');
  await db.query(
    `insert into public.ploom_points (child_id, points, reason, created_at) values ($1, 10, 'Great session', $2)`,
    [child, at(day(10))],
  );
});

afterAll(async () => {
  await db.query('delete from auth.users where id = any($1)', [
    [parent.userId, coach.userId, otherCoach.userId],
  ]);
  await db.query('delete from public.coaches where id = $1', [coachId]);
  await db.end();
});

describe('a monthly progress report', () => {
  let report: string;

  it("is due for last month on the coach's list, overdue after five days", async () => {
    const { data, error } = await coach.client.rpc('get_reports_due');
    expect(error).toBeNull();
    const due = (data as { child_id: string }[]).filter((r) => r.child_id === child);
    expect(due).toEqual([
      expect.objectContaining({
        child_first_name: 'Mia',
        cadence: 'monthly',
        period_start: lastMonth.start,
        period_end: lastMonth.end,
        draft_id: null,
      }),
    ]);
    const other = await otherCoach.client.rpc('get_reports_due');
    expect((other.data as { child_id: string }[]).some((r) => r.child_id === child)).toBe(false);
  });

  it('starts from what the product knows of the month', async () => {
    const started = await coach.client.rpc('start_progress_report', { child_id: child });
    expect(started.error).toBeNull();
    report = started.data as string;
    const { data } = await coach.client
      .from('progress_reports')
      .select('status, cadence, period_start, facts')
      .eq('id', report)
      .single();
    expect(data).toMatchObject({ status: 'draft', cadence: 'monthly', period_start: lastMonth.start });
    const facts = data!.facts as {
      sessions: Record<string, number>;
      check_ins: {
        taken: { scores: Record<string, number> }[];
        before: { scores: Record<string, number> } | null;
      };
      practice: { title: string; days: number }[];
      points: { earned: number };
    };
    expect(facts.sessions).toEqual({ attended: 2, missed: 1, cancelled: 1, still_scheduled: 0 });
    expect(facts.check_ins.before?.scores.emotions).toBe(30);
    expect(facts.check_ins.taken.map((k) => k.scores.emotions)).toEqual([55]);
    expect(facts.practice).toEqual([
      expect.objectContaining({ title: 'Balloon breaths at bedtime', days: 3 }),
    ]);
    expect(facts.points.earned).toBe(10);
    // the same period again is the same report
    expect((await coach.client.rpc('start_progress_report', { child_id: child })).data).toBe(report);
    const due = await coach.client.rpc('get_reports_due');
    expect(
      (due.data as { child_id: string; draft_id: string }[]).find((r) => r.child_id === child)?.draft_id,
    ).toBe(report);
  });

  it("is not the parent's to read while a draft, and not publishable without its words", async () => {
    expect((await parent.client.from('progress_reports').select('id').eq('id', report)).data).toEqual([]);
    const early = await coach.client.rpc('publish_progress_report', { report_id: report });
    expect(early.error).toMatchObject({
      code: '22023',
      message: 'Write the summary and the next steps before publishing',
    });
  });

  it('the coach writes and publishes it; the parent reads it, and is emailed without its content', async () => {
    const summary = 'Mia came to two sessions and named her feelings at dinner most nights.';
    const saved = await coach.client
      .from('progress_reports')
      .update({ summary, next_steps: 'Keep the bedtime plan; try the worry box on school nights.' })
      .eq('id', report)
      .select('summary');
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual([{ summary }]);
    const published = await coach.client.rpc('publish_progress_report', { report_id: report });
    expect(published.error).toBeNull();

    const read = await parent.client
      .from('progress_reports')
      .select('summary, status')
      .eq('id', report)
      .single();
    expect(read.data).toEqual({ summary, status: 'published' });
    const mail = await waitForEmail(parent.email, /^Mia's progress report is ready$/, 20_000);
    expect(mail.text).toContain(`/app/reports/${report}`);
    expect(mail.text).not.toContain('feelings at dinner');
    expect(mail.html).not.toContain('feelings at dinner');

    const due = await coach.client.rpc('get_reports_due');
    expect((due.data as { child_id: string }[]).some((r) => r.child_id === child)).toBe(false);
  });

  // progress_reports' role matrix (role x action)
  it('progress_reports: nobody changes a published report; the parent writes nothing; another coach reads nothing', async () => {
    const after = await coach.client
      .from('progress_reports')
      .update({ summary: 'changed' })
      .eq('id', report)
      .select();
    expect(after.data).toEqual([]);
    const byParent = await parent.client
      .from('progress_reports')
      .update({ summary: 'x' })
      .eq('id', report)
      .select();
    expect(byParent.data ?? []).toEqual([]);
    const inserted = await parent.client.from('progress_reports').insert({
      child_id: child,
      parent_id: parent.userId,
      cadence: 'weekly',
      period_start: lastMonth.start,
      period_end: lastMonth.start,
      facts: {},
    });
    expect(inserted.error).toMatchObject({ code: '42501' });
    expect((await otherCoach.client.from('progress_reports').select('id').eq('id', report)).data).toEqual([]);
    expect((await otherCoach.client.rpc('start_progress_report', { child_id: child })).error).toMatchObject({
      code: '42501',
    });
    expect((await parent.client.rpc('start_progress_report', { child_id: child })).error).toMatchObject({
      code: '42501',
    });
  });

  it("is in the family's export", async () => {
    const { data, error } = await parent.client.rpc('export_family_data');
    expect(error).toBeNull();
    const rows = (data as { tables: Record<string, { id: string }[]> }).tables.progress_reports;
    expect(rows?.map((r) => r.id)).toContain(report);
  });

  it('has no report on Steady Growth', async () => {
    await db.query(`update public.subscriptions set plan = 'steady-growth' where parent_id = $1`, [
      parent.userId,
    ]);
    try {
      const started = await coach.client.rpc('start_progress_report', { child_id: child });
      expect(started.error).toMatchObject({
        code: '22023',
        message: "Mia's family has no plan with progress reports",
      });
      const due = await coach.client.rpc('get_reports_due');
      expect((due.data as { child_id: string }[]).some((r) => r.child_id === child)).toBe(false);
    } finally {
      await db.query(`update public.subscriptions set plan = 'focused-progress' where parent_id = $1`, [
        parent.userId,
      ]);
    }
  });
});

describe('weekly parent updates (decision 226)', () => {
  const dueFor = async (client: Signed['client']) => {
    const { data, error } = await client.rpc('get_updates_due');
    expect(error).toBeNull();
    return (data as { child_id: string; week_start: string }[]).filter((r) => r.child_id === child);
  };

  it('are due for last week on every plan, until the coach shares one, even a late one', async () => {
    const monday = (
      await db.query<{ d: string }>(
        `select to_char(date_trunc('week', now() at time zone 'UTC') - interval '7 days', 'YYYY-MM-DD') as d`,
      )
    ).rows[0]!.d;
    await db.query(`update public.subscriptions set plan = 'steady-growth' where parent_id = $1`, [
      parent.userId,
    ]);
    try {
      expect(await dueFor(coach.client)).toEqual([expect.objectContaining({ week_start: monday })]);
      expect(await dueFor(otherCoach.client)).toEqual([]);
      expect((await parent.client.rpc('get_updates_due')).error).toMatchObject({ code: '42501' });
      // the coach shares one now, as the family page does
      const shared = await coach.client
        .from('parent_updates')
        .insert({
          child_id: child,
          coach_id: coachId,
          body: 'A calm week: bedtime went well.',
          shared_at: new Date().toISOString(),
        })
        .select('id');
      expect(shared.error).toBeNull();
      expect(await dueFor(coach.client)).toEqual([]);
    } finally {
      await db.query(`update public.subscriptions set plan = 'focused-progress' where parent_id = $1`, [
        parent.userId,
      ]);
    }
  });

  it('are not due for a family without a plan', async () => {
    await db.query('delete from public.parent_updates where child_id = $1', [child]);
    await db.query(`update public.subscriptions set status = 'canceled' where parent_id = $1`, [
      parent.userId,
    ]);
    try {
      expect(await dueFor(coach.client)).toEqual([]);
    } finally {
      await db.query(`update public.subscriptions set status = 'active' where parent_id = $1`, [
        parent.userId,
      ]);
    }
  });
});
