import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressSupabase } from '../../src/features/progress/api/client.ts';
import { fetchCheckIns } from '../../src/features/progress/api/get-check-ins.ts';
import { fetchPractice } from '../../src/features/progress/api/get-practice.ts';
import { addPracticeGoal, retirePracticeGoal } from '../../src/features/progress/api/save-practice-goal.ts';
import { saveCheckIn } from '../../src/features/progress/api/save-check-in.ts';
import { setPracticeDay } from '../../src/features/progress/api/set-practice-day.ts';
import { addDays, todayIn } from '../../src/features/progress/lib/days.ts';
import { signInChild } from '../support/child-login.ts';
import { listEmails, waitForEmail } from '../support/inbox.ts';
import { adminDb, anonClient } from '../support/stack.ts';
import { createPractice, type Practice } from './sessions-support.ts';

/**
 * A child's progress between sessions (docs/decisions/190-192), through supabase-js as the screens
 * call it (the progress feature's own fetchers): check-ins the parent takes, practice goals the
 * coach sets, practice days the parent ticks, and the role matrix of each new table (the family,
 * the child's coach and admins read; a parent of another family, a coach of another family, the
 * child and a visitor get nothing). Then the check-in invitation job, with the clock moved.
 */

let db: pg.Client;
let practice: Practice;
let child: SupabaseClient;
const typed = (client: SupabaseClient) => client as unknown as ProgressSupabase;
const run = Date.now().toString(36);

const scores = (emotions: number, confidence = 50, focus = 50, connection = 50) => ({
  emotions,
  confidence,
  focus,
  connection,
});
const answers = { e1: 2, e2: 3, c1: 1, f1: 4 };

beforeAll(async () => {
  db = await adminDb();
  practice = await createPractice(db);
  // Mia gets a login of her own, as the family page gives one.
  const { error } = await practice.parent.client.functions.invoke('child-accounts', {
    body: {
      action: 'create',
      child_id: practice.parent.childId,
      username: `mia.progress.${run}`,
      secret: 'sunny-day-42',
      secret_kind: 'password',
    },
  });
  if (error) throw error;
  child = await signInChild(`mia.progress.${run}`, 'sunny-day-42');
});

afterAll(async () => {
  await db?.query('delete from public.children where id = any($1)', [
    [practice?.parent.childId, practice?.otherParent.childId],
  ]);
  await practice?.destroy();
  await db?.end();
});

describe('check-ins', () => {
  it('the parent keeps a check-in on the child and reads it back; a retried save stores one', async () => {
    const id = crypto.randomUUID();
    const parent = typed(practice.parent.client);
    await saveCheckIn(parent, { id, childId: practice.parent.childId, answers, scores: scores(44) });
    await saveCheckIn(parent, { id, childId: practice.parent.childId, answers, scores: scores(44) });
    const read = await fetchCheckIns(parent, practice.parent.childId);
    expect(read.map((c) => [c.id, c.scores.emotions])).toEqual([[id, 44]]);
    const stored = await db.query(`select taken_by from public.check_ins where id = $1`, [id]);
    expect(stored.rows[0].taken_by).toBe(practice.parent.userId);
  });

  it('refuses a check-in for a child of another family, and scores the quiz would never give', async () => {
    const otherParent = typed(practice.otherParent.client);
    await expect(
      saveCheckIn(otherParent, {
        id: crypto.randomUUID(),
        childId: practice.parent.childId,
        answers,
        scores: scores(50),
      }),
    ).rejects.toMatchObject({ code: '42501' });
    const parent = typed(practice.parent.client);
    for (const bad of [
      { ...scores(50), focus: 101 },
      { ...scores(50), focus: 12.5 },
      { emotions: 50, confidence: 50, focus: 50 },
      { ...scores(50), extra: 1 },
    ]) {
      await expect(
        saveCheckIn(parent, {
          id: crypto.randomUUID(),
          childId: practice.parent.childId,
          answers,
          scores: bad as ReturnType<typeof scores>,
        }),
      ).rejects.toMatchObject({ code: '23514' });
    }
    await expect(
      saveCheckIn(parent, {
        id: crypto.randomUUID(),
        childId: practice.parent.childId,
        answers: { e1: 7 },
        scores: scores(50),
      }),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

describe('practice goals and days', () => {
  it('the coach sets up to three goals; the parent ticks days, idempotently; the coach reads them', async () => {
    const coach = typed(practice.coach.client);
    const parent = typed(practice.parent.client);
    const childId = practice.parent.childId;
    await addPracticeGoal(coach, { childId, sessionId: null, title: 'Balloon breaths before homework' });
    await addPracticeGoal(coach, { childId, sessionId: null, title: 'Name one feeling at dinner' });
    await addPracticeGoal(coach, { childId, sessionId: null, title: 'One brave try' });
    await expect(
      addPracticeGoal(coach, { childId, sessionId: null, title: 'A fourth' }),
    ).rejects.toMatchObject({
      code: '23514',
      message: 'A child has at most three practice goals at a time.',
    });

    const before = await fetchPractice(parent, childId);
    expect(before.timeZone).toBe('America/New_York');
    expect(before.days[6]).toBe(todayIn('America/New_York'));
    const goal = before.goals[0]!;
    expect(goal.title).toBe('Balloon breaths before homework');
    const [yesterday, today] = before.days.slice(5);
    await setPracticeDay(parent, { childId, goalId: goal.id, date: yesterday!, done: true });
    await setPracticeDay(parent, { childId, goalId: goal.id, date: today!, done: true });
    await setPracticeDay(parent, { childId, goalId: goal.id, date: today!, done: true }); // a second tap
    const { rows } = await db.query(
      `select child_id, marked_by from public.practice_days where goal_id = $1`,
      [goal.id],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({ child_id: childId, marked_by: practice.parent.userId });
    // A day ticked eight days ago (the database keeps two weeks) is not among the seven shown.
    await setPracticeDay(parent, {
      childId,
      goalId: goal.id,
      date: addDays(before.days[0]!, -1),
      done: true,
    });

    // Read at midday of the family's today, when UTC's date is the same: the eighth day back is
    // then among the dates read.
    const seenByCoach = await fetchPractice(coach, childId, Date.parse(`${today!}T16:00:00Z`));
    expect(seenByCoach.goals[0]!.done).toEqual([yesterday, today]);
    expect(seenByCoach.days).toEqual(before.days);

    await setPracticeDay(parent, { childId, goalId: goal.id, date: yesterday!, done: false });
    await setPracticeDay(parent, { childId, goalId: goal.id, date: yesterday!, done: false });
    expect((await fetchPractice(parent, childId)).goals[0]!.done).toEqual([today]);

    // Retiring one makes room for another; the retired goal leaves the dashboard.
    await retirePracticeGoal(coach, before.goals[2]!.id);
    await addPracticeGoal(coach, { childId, sessionId: null, title: 'Star jumps when stuck' });
    expect((await fetchPractice(parent, childId)).goals.map((g) => g.title)).toEqual([
      'Balloon breaths before homework',
      'Name one feeling at dinner',
      'Star jumps when stuck',
    ]);
  });

  it("refuses a day to come, a day weeks ago, and another family's or the coach's ticks", async () => {
    const parent = typed(practice.parent.client);
    const childId = practice.parent.childId;
    const { goals, days } = await fetchPractice(parent, childId);
    const goalId = goals[0]!.id;
    const today = days[6]!;
    await expect(
      setPracticeDay(parent, { childId, goalId, date: addDays(today, 1), done: true }),
    ).rejects.toMatchObject({
      code: '23514',
      message: 'A practice day is one of the last two weeks, up to today.',
    });
    await expect(
      setPracticeDay(parent, { childId, goalId, date: addDays(today, -30), done: true }),
    ).rejects.toMatchObject({ code: '23514' });
    for (const who of [
      practice.otherParent.client,
      practice.coach.client,
      practice.otherCoach.client,
      child,
    ]) {
      await expect(
        setPracticeDay(typed(who), { childId, goalId, date: days[2]!, done: true }),
      ).rejects.toMatchObject({ code: '42501' });
    }
    // The child id sent is not believed: a tick is always the goal's child's.
    await expect(
      setPracticeDay(typed(practice.otherParent.client), {
        childId: practice.otherParent.childId,
        goalId,
        date: days[2]!,
        done: true,
      }),
    ).rejects.toMatchObject({ code: '42501' });
    // Nor may anyone else set goals: the parent, another family's coach, the child.
    for (const who of [practice.parent.client, practice.otherCoach.client, child]) {
      await expect(
        addPracticeGoal(typed(who), { childId, sessionId: null, title: 'Mine' }),
      ).rejects.toMatchObject({ code: '42501' });
    }
  });
});

describe('role matrix: who reads check-ins, practice goals, practice days and check-in invitations (the outbox)', () => {
  const tables = ['check_ins', 'practice_goals', 'practice_days', 'outbox'] as const;

  beforeAll(async () => {
    // An invitation row to read (the job's own tests are below).
    await db.query(
      `insert into public.outbox (kind, recipient, child_id, recipient_user_id, due_at, outcome)
       values ('check_in_invitation', 'parent', $1, $2, now() - interval '400 days', 'skipped')`,
      [practice.parent.childId, practice.parent.userId],
    );
  });

  const count = async (client: SupabaseClient, table: (typeof tables)[number]) => {
    const { data, error } = await client.from(table).select('*').eq('child_id', practice.parent.childId);
    if (error) return error.code;
    return data.length > 0 ? 'rows' : 'none';
  };

  it.each([
    ['the parent', () => practice.parent.client, ['rows', 'rows', 'rows', 'none']],
    ["the child's coach", () => practice.coach.client, ['rows', 'rows', 'rows', 'none']],
    ['an admin', () => practice.admin.client, ['rows', 'rows', 'rows', 'rows']],
    ['a parent of another family', () => practice.otherParent.client, ['none', 'none', 'none', 'none']],
    ['a coach of another family', () => practice.otherCoach.client, ['none', 'none', 'none', 'none']],
    ['the child', () => child, ['none', 'none', 'none', 'none']],
    ['a visitor (anon)', () => anonClient(), ['42501', '42501', '42501', '42501']],
  ] as const)('%s', async (_who, client, expected) => {
    expect(await Promise.all(tables.map((table) => count(client(), table)))).toEqual(expected);
  });

  it('nobody writes check-in invitations or another family’s check-ins through the API', async () => {
    for (const who of [practice.parent.client, practice.coach.client, practice.admin.client]) {
      const { error } = await who.from('outbox').insert({
        kind: 'check_in_invitation',
        recipient: 'parent',
        child_id: practice.parent.childId,
        recipient_user_id: practice.parent.userId,
        due_at: new Date().toISOString(),
      });
      expect(error?.code).toBe('42501');
    }
    for (const who of [practice.coach.client, practice.admin.client, child, anonClient()]) {
      const { error } = await who
        .from('check_ins')
        .insert({ id: crypto.randomUUID(), child_id: practice.parent.childId, answers, scores: scores(50) });
      expect(error?.code).toBe('42501');
    }
    const { data } = await practice.parent.client
      .from('check_ins')
      .update({ scores: scores(99) })
      .eq('child_id', practice.parent.childId)
      .select();
    expect(data ?? []).toEqual([]);
  });
});

describe('the check-in invitation job (the clock moved with now_at)', () => {
  const queue = async (at: string) =>
    (await db.query<{ n: number }>(`select private.queue_check_in_invitations($1::timestamptz) as n`, [at]))
      .rows[0]!.n;
  let childId: string;
  let takenAt: Date;

  beforeAll(async () => {
    // A child of the other family with one check-in, taken long before the tests' clock.
    childId = practice.otherParent.childId;
    takenAt = new Date('2030-01-01T15:00:00Z');
    await db.query(`delete from public.check_ins where child_id = $1`, [childId]);
    await db.query(
      `insert into public.check_ins (id, child_id, taken_by, answers, scores, taken_at)
       values (gen_random_uuid(), $1, $2, '{"e1": 2}', $3, $4)`,
      [childId, practice.otherParent.userId, scores(40), takenAt],
    );
  });

  const at = (days: number) => new Date(takenAt.getTime() + days * 86_400_000).toISOString();
  const invitationsOf = async () =>
    (
      await db.query(
        `select due_at, outcome from public.outbox where kind = 'check_in_invitation' and child_id = $1`,
        [childId],
      )
    ).rows;

  it('is scheduled hourly by pg_cron, as the session reminders are', async () => {
    const { rows } = await db.query(
      `select schedule, command, active from cron.job where jobname = 'check-in-invitations'`,
    );
    expect(rows).toEqual([
      { schedule: '17 * * * *', command: 'select private.queue_check_in_invitations()', active: true },
    ]);
  });

  it('queues nothing before four weeks, one invitation at four weeks, never a second', async () => {
    expect(await queue(at(27.9))).toBe(0);
    expect(await invitationsOf()).toEqual([]);
    expect(await queue(at(28))).toBe(1);
    expect(await queue(at(29))).toBe(0);
    expect(await queue(at(35))).toBe(0);
    const rows = await invitationsOf();
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0].due_at).toISOString()).toBe(at(28));
  });

  it('sends the email to the parent, with the link to the check-in, once', async () => {
    const email = await waitForEmail(practice.otherParent.email, /^Time for Arjun's check-in$/, 15000);
    expect(email.html).toContain(`/app/check-in/${childId}`);
    await expect.poll(async () => (await invitationsOf())[0]?.outcome, { timeout: 10000 }).toBe('sent');
    const all = (await listEmails()).filter(
      (mail) =>
        mail.to.some((to) => to.address === practice.otherParent.email) && /check-in/.test(mail.subject),
    );
    expect(all).toHaveLength(1);
  });

  it('a newer check-in starts a new four weeks; a parent who turned the emails off gets none', async () => {
    const second = new Date(takenAt.getTime() + 30 * 86_400_000);
    await db.query(
      `insert into public.check_ins (id, child_id, taken_by, answers, scores, taken_at)
       values (gen_random_uuid(), $1, $2, '{"e1": 3}', $3, $4)`,
      [childId, practice.otherParent.userId, scores(60), second],
    );
    const { error } = await practice.otherParent.client
      .from('notification_preferences')
      .upsert({ user_id: practice.otherParent.userId, check_in_invitations: false });
    expect(error).toBeNull();
    expect(await queue(new Date(second.getTime() + 29 * 86_400_000).toISOString())).toBe(0);
    await practice.otherParent.client
      .from('notification_preferences')
      .update({ check_in_invitations: true })
      .eq('user_id', practice.otherParent.userId);
    expect(await queue(new Date(second.getTime() + 29 * 86_400_000).toISOString())).toBe(1);
    // Two weeks late is too late: a check-in from long ago queues nothing.
    await db.query(`delete from public.outbox where kind = 'check_in_invitation' and child_id = $1`, [
      childId,
    ]);
    expect(await queue(new Date(second.getTime() + 43 * 86_400_000).toISOString())).toBe(0);
  });
});
