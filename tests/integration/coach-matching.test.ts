import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForEmail } from '../support/inbox.ts';
import { adminDb, anonClient, signedInClient } from '../support/stack.ts';

/**
 * The team matches a waiting child with a coach (docs/decisions/222): the admin sees the children
 * waiting and how long, chooses among the coaches by their caseload and their open times in the
 * family's preferred times, matches, and the family is emailed the coach's name with a link that
 * books. Through supabase-js, the calls the admin's and the parent's screens make.
 */

const JORDAN = 'c0000000-0000-4000-8000-000000000001';

let db: pg.Client;
let admin: Awaited<ReturnType<typeof signedInClient>>;
let parent: Awaited<ReturnType<typeof signedInClient>>;
let child: string;

beforeAll(async () => {
  db = await adminDb();
  [admin, parent] = await Promise.all([
    signedInClient({ firstName: 'Ada', lastName: 'Matcher' }),
    signedInClient({ firstName: 'Quinn', lastName: 'Waiting' }),
  ]);
  await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [admin.userId]);
  await db.query(`update public.profiles set time_zone = 'America/Chicago' where id = $1`, [parent.userId]);
  const { data, error } = await parent.client
    .from('children')
    .insert({ parent_id: parent.userId, first_name: 'Zed', age_band: '8' })
    .select('id')
    .single();
  if (error) throw error;
  child = data.id as string;
  // after school on every weekday, in the family's zone (Chicago, Jordan's own)
  const times = [1, 2, 3, 4, 5].map((weekday) => ({ child_id: child, weekday, day_part: 'afternoon' }));
  const added = await parent.client.from('preferred_session_times').insert(times);
  if (added.error) throw added.error;
});

afterAll(async () => {
  await db.query('delete from auth.users where id = any($1)', [[admin.userId, parent.userId]]);
  await db.end();
});

describe('matching a waiting child with a coach', () => {
  it('the family sees it has no plan and no coach yet; the team sees the child waiting, since onboarding', async () => {
    const plan = await parent.client.rpc('get_family_plan');
    expect(plan.error).toBeNull();
    expect(plan.data).toEqual([
      {
        plan: null,
        sessions_per_week: 0,
        reason: 'the family has no plan yet',
        time_zone: 'America/Chicago',
      },
    ]);

    const waiting = await admin.client.rpc('get_families_waiting');
    expect(waiting.error).toBeNull();
    const row = (waiting.data as { child_id: string }[]).find((r) => r.child_id === child);
    expect(row).toMatchObject({
      child_first_name: 'Zed',
      parent_id: parent.userId,
      parent_name: 'Quinn Waiting',
      plan: null,
      preferred_times: 5,
    });
    const since = new Date((row as unknown as { waiting_since: string }).waiting_since).getTime();
    expect(Date.now() - since).toBeLessThan(5 * 60_000);
  });

  it("offers each active coach with their caseload and their open times in the family's preferred times", async () => {
    const { data, error } = await admin.client.rpc('get_coach_match_choices', { child_id: child });
    expect(error).toBeNull();
    const choices = data as {
      coach_id: string;
      coach_name: string;
      caseload: number;
      open_times: number;
      preferred_open_times: number;
      is_current: boolean;
    }[];
    const jordan = choices.find((c) => c.coach_id === JORDAN)!;
    expect(jordan).toMatchObject({ coach_name: 'Jordan Ellis', is_current: false });
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::integer as n from public.children where coach_id = $1',
      [JORDAN],
    );
    expect(jordan.caseload).toBe(rows[0]!.n);
    // Jordan keeps weekday hours from 3 pm in Chicago: after school is when most of them are
    expect(jordan.open_times).toBeGreaterThan(0);
    expect(jordan.preferred_open_times).toBeGreaterThan(0);
    expect(jordan.preferred_open_times).toBeLessThanOrEqual(jordan.open_times);
    // best fit first
    const fits = choices.map((c) => c.preferred_open_times);
    expect(fits).toEqual([...fits].sort((a, b) => b - a));
  });

  it('is for admins alone', async () => {
    for (const call of [
      parent.client.rpc('get_families_waiting'),
      parent.client.rpc('get_coach_match_choices', { child_id: child }),
      parent.client.rpc('match_child_coach', { child_id: child, coach_id: JORDAN }),
    ]) {
      expect((await call).error).toMatchObject({ code: '42501' });
    }
    const own = await parent.client.from('children').update({ coach_id: JORDAN }).eq('id', child).select();
    expect(own.error ?? own.data).not.toEqual([expect.objectContaining({ coach_id: JORDAN })]);
  });

  it('matches: the child leaves the waiting list, and the family is emailed the coach with a link that books', async () => {
    const matched = await admin.client.rpc('match_child_coach', { child_id: child, coach_id: JORDAN });
    expect(matched.error).toBeNull();
    const after = await parent.client
      .from('children')
      .select('coach_id, matched_at')
      .eq('id', child)
      .single();
    expect(after.data).toMatchObject({ coach_id: JORDAN });
    expect(new Date(after.data!.matched_at as string).getTime()).toBe(
      new Date(matched.data as string).getTime(),
    );

    const waiting = await admin.client.rpc('get_families_waiting');
    expect((waiting.data as { child_id: string }[]).some((r) => r.child_id === child)).toBe(false);

    const mail = await waitForEmail(parent.email, /^Meet Zed's coach, Jordan Ellis$/, 20_000);
    expect(mail.text).toContain('We have matched Zed with Jordan Ellis');
    expect(mail.text).toContain(`/app/child-schedule/${child}?book=1`);

    const again = await admin.client.rpc('match_child_coach', { child_id: child, coach_id: JORDAN });
    expect(again.error).toMatchObject({ code: '22023', message: 'Zed already has that coach' });
    const unknown = await admin.client.rpc('match_child_coach', {
      child_id: child,
      coach_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.error).toMatchObject({ code: '22023', message: 'Choose one of the active coaches' });
  });

  // the outbox's role matrix (role x action), on a family notice
  it('outbox: admins read the family notices; the family, coaches and visitors read nothing, nobody writes', async () => {
    const forAdmin = await admin.client
      .from('outbox')
      .select('kind, event, child_id, coach_id')
      .eq('kind', 'family_notice')
      .eq('child_id', child);
    expect(forAdmin.data).toEqual([
      { kind: 'family_notice', event: 'coach_match', child_id: child, coach_id: JORDAN },
    ]);
    const coach = await signedInClient({ firstName: 'Cora', lastName: 'Coach' });
    await db.query(`insert into public.user_roles (user_id, role) values ($1, 'coach')`, [coach.userId]);
    try {
      for (const client of [parent.client, coach.client]) {
        expect((await client.from('outbox').select('id')).data).toEqual([]);
        const write = await client.from('outbox').insert({
          kind: 'family_notice',
          event: 'coach_match',
          recipient: 'parent',
          child_id: child,
          coach_id: JORDAN,
          recipient_user_id: parent.userId,
        });
        expect(write.error).toMatchObject({ code: '42501' });
      }
      expect((await anonClient().from('outbox').select('id')).error).toMatchObject({
        code: '42501',
      });
      const edit = await admin.client
        .from('outbox')
        .update({ outcome: 'sent' })
        .eq('child_id', child)
        .select();
      expect(edit.error ?? edit.data).not.toEqual([expect.anything()]);
    } finally {
      await db.query('delete from auth.users where id = $1', [coach.userId]);
    }
  });
});
