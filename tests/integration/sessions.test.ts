import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForEmail } from '../support/inbox.ts';
import { adminDb, stackEnv } from '../support/stack.ts';
import { createPractice, futureTime, type Practice } from './sessions-support.ts';

/**
 * Scheduling through supabase-js as the admin and coaches do it, and the emails that follow:
 * database trigger → outbox → pg_net request → send-session-emails → the inbox.
 */

let db: pg.Client;
let practice: Practice;

beforeAll(async () => {
  db = await adminDb();
  practice = await createPractice(db);
});

afterAll(async () => {
  await practice?.destroy();
  await db?.end();
});

async function book(startsAt: string, overrides: Record<string, unknown> = {}) {
  return practice.admin.client
    .from('coaching_sessions')
    .insert({
      child_id: practice.parent.childId,
      coach_id: practice.coach.coachId,
      starts_at: startsAt,
      ...overrides,
    })
    .select('id, starts_at, status, parent_id')
    .single();
}

describe('booking, moving and cancelling', () => {
  it('each change emails the family and the coach, in their own zones, with their links', async () => {
    // 2027-02-02 21:30 UTC: 4:30 pm in New York, 3:30 pm in Chicago
    const { data: session, error } = await book('2027-02-02T21:30:00Z');
    expect(error).toBeNull();
    expect(session!.parent_id).toBe(practice.parent.userId);

    const toFamily = await waitForEmail(practice.parent.email, /^Session booked/);
    expect(toFamily.subject).toBe("Session booked: Mia's session with Jordan Tester");
    expect(toFamily.text).toContain('Tuesday, February 2, 4:30 pm EST (America/New_York)');
    expect(toFamily.html).toContain(`href="${stackEnv.siteUrl}/app/session/${session!.id}"`);
    const toCoach = await waitForEmail(practice.coach.email, /^Session booked/);
    expect(toCoach.text).toContain('Tuesday, February 2, 3:30 pm CST (America/Chicago)');
    expect(toCoach.html).toContain(`href="${stackEnv.siteUrl}/admin/session-room/${session!.id}"`);

    // the coach moves it a day later
    const moved = await practice.coach.client
      .from('coaching_sessions')
      .update({ starts_at: '2027-02-03T21:30:00Z' })
      .eq('id', session!.id)
      .select('id');
    expect(moved.error).toBeNull();
    expect(moved.data).toHaveLength(1);
    const movedMail = await waitForEmail(practice.parent.email, /^Session moved/);
    expect(movedMail.text).toContain('has moved to Wednesday, February 3, 4:30 pm EST (America/New_York)');
    expect(movedMail.text).toContain('It was planned for Tuesday, February 2, 4:30 pm EST');
    await waitForEmail(practice.coach.email, /^Session moved/);

    // the admin cancels it
    const cancelled = await practice.admin.client
      .from('coaching_sessions')
      .update({ status: 'cancelled' })
      .eq('id', session!.id)
      .select('status')
      .single();
    expect(cancelled.data?.status).toBe('cancelled');
    const cancelMail = await waitForEmail(practice.parent.email, /^Session cancelled/);
    expect(cancelMail.text).toContain('Wednesday, February 3, 4:30 pm EST (America/New_York) is cancelled');
    await waitForEmail(practice.coach.email, /^Session cancelled/);

    // every queued email was delivered once (the sender records it just after the inbox has it)
    const outcomes = async () =>
      (
        await db.query<{ kind: string; recipient: string; outcome: string }>(
          `select event as kind, recipient, outcome from public.outbox where session_id = $1 order by id`,
          [session!.id],
        )
      ).rows.map((r) => `${r.kind}:${r.recipient}:${r.outcome}`);
    await expect.poll(async () => (await outcomes()).filter((o) => o.endsWith(':null'))).toEqual([]);
    expect(await outcomes()).toEqual([
      'booked:family:sent',
      'booked:coach:sent',
      'moved:family:sent',
      'moved:coach:sent',
      'cancelled:family:sent',
      'cancelled:coach:sent',
    ]);
  });

  it('a coach cannot be double-booked and a child cannot have two sessions at once', async () => {
    const at = futureTime(24 * 40);
    const first = await book(at);
    expect(first.error).toBeNull();

    // the same coach, another family's child, overlapping by 15 minutes
    const overlapping = new Date(new Date(at).getTime() + 15 * 60_000).toISOString();
    const coachClash = await book(overlapping, { child_id: practice.otherParent.childId });
    expect(coachClash.error?.code).toBe('23P01');
    expect(coachClash.error?.message).toContain('coaching_sessions_coach_no_overlap');

    // the same child with another coach at the same time
    const childClash = await book(at, { coach_id: practice.otherCoach.coachId });
    expect(childClash.error?.code).toBe('23P01');
    expect(childClash.error?.message).toContain('coaching_sessions_child_no_overlap');

    // moving a session onto a taken slot is refused too
    const later = await book(new Date(new Date(at).getTime() + 60 * 60_000).toISOString());
    expect(later.error).toBeNull();
    const moveClash = await practice.coach.client
      .from('coaching_sessions')
      .update({ starts_at: overlapping })
      .eq('id', later.data!.id);
    expect(moveClash.error?.code).toBe('23P01');

    // back to back is fine, and a cancelled session frees its time
    const backToBack = await book(new Date(new Date(at).getTime() + 30 * 60_000).toISOString(), {
      child_id: practice.otherParent.childId,
    });
    expect(backToBack.error).toBeNull();
    await practice.admin.client
      .from('coaching_sessions')
      .update({ status: 'cancelled' })
      .eq('id', first.data!.id);
    const again = await book(at, { coach_id: practice.otherCoach.coachId });
    expect(again.error).toBeNull();
  });

  it('a coach sees and changes only their own sessions; a parent only reads their own', async () => {
    const mine = await book(futureTime(24 * 41));
    const theirs = await book(futureTime(24 * 41), {
      child_id: practice.otherParent.childId,
      coach_id: practice.otherCoach.coachId,
    });
    expect(mine.error).toBeNull();
    expect(theirs.error).toBeNull();
    const ids = [mine.data!.id, theirs.data!.id];
    const seen = async (client: Practice['admin']['client']) =>
      ((await client.from('coaching_sessions').select('id').in('id', ids)).data ?? []).map((r) => r.id);
    expect(await seen(practice.coach.client)).toEqual([mine.data!.id]);
    expect(await seen(practice.parent.client)).toEqual([mine.data!.id]);
    expect((await seen(practice.admin.client)).sort()).toEqual([...ids].sort());
    const hijack = await practice.coach.client
      .from('coaching_sessions')
      .update({ status: 'cancelled' })
      .eq('id', theirs.data!.id)
      .select('id');
    expect(hijack.data).toEqual([]);
    const parentBooks = await practice.parent.client.from('coaching_sessions').insert({
      child_id: practice.parent.childId,
      coach_id: practice.coach.coachId,
      starts_at: futureTime(24 * 42),
    });
    expect(parentBooks.error?.code).toBe('42501');
  });
});

describe('after a session', () => {
  it('the coach writes private notes and the parent update, and awards points; the parent sees only the update', async () => {
    const { data: session } = await book(futureTime(24 * 43));
    const coach = practice.coach.client;
    const notes = await coach
      .from('session_notes')
      .insert({
        session_id: session!.id,
        body: 'Worked on naming feelings.',
        updated_by: practice.coach.userId,
      })
      .select('session_id')
      .single();
    expect(notes.error).toBeNull();
    // the text is read through read_session_note, which keeps who read it
    const read = await coach.rpc('read_session_note', { session_id: session!.id });
    expect(read.error).toBeNull();
    expect(read.data).toBe('Worked on naming feelings.');
    const direct = await coach.from('session_notes').select('body').eq('session_id', session!.id);
    expect(direct.error?.code).toBe('42501');
    const update = await coach.from('parent_updates').insert({
      child_id: practice.parent.childId,
      session_id: session!.id,
      coach_id: practice.coach.coachId,
      body: 'Mia named three feelings today.',
      shared_at: new Date().toISOString(),
    });
    expect(update.error).toBeNull();
    const points = await coach.from('ploom_points').insert({
      child_id: practice.parent.childId,
      points: 10,
      reason: 'Attended a session',
      awarded_by: practice.coach.userId,
    });
    expect(points.error).toBeNull();

    const parent = practice.parent.client;
    expect(
      (await parent.from('session_notes').select('session_id').eq('session_id', session!.id)).data,
    ).toEqual([]);
    const parentReads = await parent.rpc('read_session_note', { session_id: session!.id });
    expect(parentReads.error?.code).toBe('42501');
    const parentSees = await parent.from('parent_updates').select('body').eq('session_id', session!.id);
    expect(parentSees.data).toEqual([{ body: 'Mia named three feelings today.' }]);
    const otherCoachNotes = await practice.otherCoach.client
      .from('session_notes')
      .select('session_id')
      .eq('session_id', session!.id);
    expect(otherCoachNotes.data).toEqual([]);
    const otherCoachReads = await practice.otherCoach.client.rpc('read_session_note', {
      session_id: session!.id,
    });
    expect(otherCoachReads.error?.code).toBe('42501');

    // the read above is in the audit log, with who read it; the refused ones are not
    const audit = await adminDb();
    try {
      const { rows } = await audit.query(
        `select actor_user_id from public.audit_logs
         where action = 'SESSION_NOTE_READ' and entity_id = $1`,
        [session!.id],
      );
      expect(rows).toEqual([{ actor_user_id: practice.coach.userId }]);
    } finally {
      await audit.end();
    }
  });
});

describe('weekly series', () => {
  it('keeps 4:30 pm for the family across the clocks changing, in the family zone', async () => {
    // Tuesdays from 2 March 2027; New York moves to daylight time on 14 March.
    const { data: series, error } = await practice.admin.client
      .from('session_series')
      .insert({
        child_id: practice.parent.childId,
        coach_id: practice.coach.coachId,
        local_time: '16:30',
        starts_on: '2027-03-02',
      })
      .select('id, time_zone, weekday')
      .single();
    expect(error).toBeNull();
    expect(series).toMatchObject({ time_zone: 'America/New_York', weekday: 2 });
    const { data: sessions } = await practice.admin.client
      .from('coaching_sessions')
      .select('starts_at, series_date')
      .eq('series_id', series!.id)
      .order('starts_at');
    expect(sessions).toHaveLength(8);
    const utc = sessions!.map((s) => new Date(s.starts_at).toISOString().slice(0, 16));
    expect(utc.slice(0, 3)).toEqual(['2027-03-02T21:30', '2027-03-09T21:30', '2027-03-16T20:30']);
    const local = sessions!.map((s) =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        hour: 'numeric',
        minute: '2-digit',
        weekday: 'short',
      }).format(new Date(s.starts_at)),
    );
    expect(new Set(local)).toEqual(new Set(['Tue 4:30 PM']));

    // ending the series cancels its later sessions
    const ended = await practice.admin.client
      .from('session_series')
      .update({ ends_on: '2027-03-16' })
      .eq('id', series!.id)
      .select('ends_on');
    expect(ended.error).toBeNull();
    const { data: after } = await practice.admin.client
      .from('coaching_sessions')
      .select('series_date, status')
      .eq('series_id', series!.id)
      .order('series_date');
    expect(after!.filter((s) => s.status === 'scheduled').map((s) => s.series_date)).toEqual([
      '2027-03-02',
      '2027-03-09',
      '2027-03-16',
    ]);
  });

  it('a series that would double-book is refused whole, naming the date', async () => {
    // the coach already has a session on Tuesday 6 April 2027 at 4:30 pm New York time
    const taken = await book('2027-04-06T20:30:00Z', { child_id: practice.otherParent.childId });
    expect(taken.error).toBeNull();
    const { error } = await practice.admin.client.from('session_series').insert({
      child_id: practice.parent.childId,
      coach_id: practice.coach.coachId,
      local_time: '16:30',
      starts_on: '2027-03-30',
    });
    expect(error?.code).toBe('23P01');
    expect(error?.message).toBe(
      'The coach is already booked on Tuesday April 6, 2027 at 4:30 pm (America/New_York)',
    );
    const { rows } = await db.query(
      `select 1 from public.coaching_sessions
        where child_id = $1 and starts_at = '2027-03-30T20:30:00Z' and status = 'scheduled'`,
      [practice.parent.childId],
    );
    expect(rows).toEqual([]);
  });

  it('refuses an unknown time zone with a 400 and the reason', async () => {
    const { error, status } = await practice.admin.client.from('session_series').insert({
      child_id: practice.parent.childId,
      coach_id: practice.coach.coachId,
      local_time: '10:00',
      starts_on: '2027-06-01',
      time_zone: 'Mars/Olympus_Mons',
    });
    expect(status).toBe(400);
    expect(error?.message).toBe('Unknown time zone: Mars/Olympus_Mons');
    const profile = await practice.parent.client
      .from('profiles')
      .update({ time_zone: 'Eastern Time' })
      .eq('id', practice.parent.userId);
    expect(profile.error?.code).toBe('22023');
  });
});
