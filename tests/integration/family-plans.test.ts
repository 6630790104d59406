import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../support/plans.ts';
import { adminDb, anonClient, serviceClient, signedInClient } from '../support/stack.ts';

/**
 * The custom family plan (docs/decisions/227), through supabase-js as the screens call it: the
 * coach saves a draft and shares it, each shared version kept; ticks milestones off; on Intensive
 * Momentum the parent acknowledges or comments, with its time; the child reads their own goals in a
 * child's words and nothing else. Role matrix for family_plan_versions, family_plan_ticks and
 * family_plan_reviews (role x action) below.
 */

type Signed = Awaited<ReturnType<typeof signedInClient>>;
let db: pg.Client;
let parent: Signed;
let coach: Signed;
let otherCoach: Signed;
let coachId: string;
let child: string;
let childClient: Signed['client'];
const users: string[] = [];

const goal = { id: randomUUID(), title: 'Calmer bedtimes', child_words: 'I can calm my body at bedtime' };
const milestoneA = { id: randomUUID(), text: 'Uses balloon breaths with a reminder' };
const milestoneB = { id: randomUUID(), text: 'Uses them without a reminder' };
const content = (title = goal.title) => ({
  goals: [{ ...goal, title, milestones: [milestoneA, milestoneB] }],
  strategies: ['Keep the bedtime plan on the fridge'],
  watch_for: ['Tummy aches before school'],
});

async function makeCoach(name: string) {
  const signed = await signedInClient({ firstName: name, lastName: 'Planner' });
  users.push(signed.userId);
  await db.query(`update public.user_roles set role = 'coach' where user_id = $1`, [signed.userId]);
  const id = (
    await db.query<{ id: string }>(
      `insert into public.coaches (user_id, display_name) values ($1, $2) returning id`,
      [signed.userId, `${name} Planner`],
    )
  ).rows[0]!.id;
  return { signed, id };
}

beforeAll(async () => {
  db = await adminDb();
  parent = await signedInClient({ firstName: 'Pat', lastName: 'Planner' });
  users.push(parent.userId);
  const made = await makeCoach('Noa');
  coach = made.signed;
  coachId = made.id;
  otherCoach = (await makeCoach('Ari')).signed;
  // the child's login (a random address, as the child-accounts function makes one)
  const email = `c-${randomUUID().replaceAll('-', '')}@child.ploom.invalid`;
  const login = await serviceClient().auth.admin.createUser({
    email,
    password: 'correct-horse-battery-9',
    email_confirm: true,
    app_metadata: { initial_role: 'child' },
  });
  if (login.error) throw login.error;
  users.push(login.data.user.id);
  child = (
    await db.query<{ id: string }>(
      `insert into public.children (parent_id, coach_id, user_id, first_name, age_band) values ($1, $2, $3, 'Lu', '8') returning id`,
      [parent.userId, coachId, login.data.user.id],
    )
  ).rows[0]!.id;
  childClient = anonClient();
  const signIn = await childClient.auth.signInWithPassword({ email, password: 'correct-horse-battery-9' });
  if (signIn.error) throw signIn.error;
  await givePlan(db, parent.userId, 'intensive-momentum');
});

afterAll(async () => {
  await db.query('delete from public.children where id = $1', [child]);
  await db.query('delete from auth.users where id = any($1)', [users]);
  await db.query('delete from public.coaches where id = $1', [coachId]);
  await db.end();
});

describe('the custom family plan', () => {
  let first: string;

  it('is written as a draft the family does not see, then shared', async () => {
    const saved = await coach.client.rpc('save_family_plan_draft', { child_id: child, content: content() });
    expect(saved.error).toBeNull();
    first = saved.data as string;
    expect(
      (await parent.client.from('family_plan_versions').select('id').eq('child_id', child)).data,
    ).toEqual([]);
    const shared = await coach.client.rpc('share_family_plan', { child_id: child });
    expect(shared).toMatchObject({ data: 1, error: null });
    const read = await parent.client
      .from('family_plan_versions')
      .select('id, version, status, content')
      .eq('child_id', child);
    expect(read.data).toEqual([{ id: first, version: 1, status: 'shared', content: content() }]);
  });

  it('keeps each shared version as it was shared', async () => {
    const second = await coach.client.rpc('save_family_plan_draft', {
      child_id: child,
      content: content('Calm, easy bedtimes'),
    });
    expect(second.error).toBeNull();
    expect(second.data).not.toBe(first);
    // the family still reads version 1 alone until the draft is shared
    expect((await parent.client.from('family_plan_versions').select('version')).data).toEqual([
      { version: 1 },
    ]);
    expect((await coach.client.rpc('share_family_plan', { child_id: child })).data).toBe(2);
    const versions = await parent.client
      .from('family_plan_versions')
      .select('version, content')
      .eq('child_id', child)
      .order('version');
    expect(
      versions.data?.map((v) => [v.version, (v.content as ReturnType<typeof content>).goals[0]!.title]),
    ).toEqual([
      [1, 'Calmer bedtimes'],
      [2, 'Calm, easy bedtimes'],
    ]);
    // a shared version is not a draft to change
    expect((await coach.client.rpc('share_family_plan', { child_id: child })).error).toMatchObject({
      code: '22023',
      message: 'There is no draft to share: save the plan first',
    });
  });

  it('refuses a plan the screen would never send', async () => {
    for (const bad of [
      { ...content(), goals: [{ ...goal, child_words: '', milestones: [] }] },
      { ...content(), extra: 1 },
      { ...content(), strategies: ['x'.repeat(241)] },
    ]) {
      const { error } = await coach.client.rpc('save_family_plan_draft', { child_id: child, content: bad });
      expect(error).toMatchObject({ code: '22023' });
    }
  });

  it("ticks milestones off; the child reads their goals in a child's words, and nothing else", async () => {
    const ticked = await coach.client.rpc('tick_plan_milestone', {
      child_id: child,
      milestone_id: milestoneA.id,
      done: true,
    });
    expect(ticked.error).toBeNull();
    expect(
      (await parent.client.from('family_plan_ticks').select('milestone_id').eq('child_id', child)).data,
    ).toEqual([{ milestone_id: milestoneA.id }]);
    const goals = await childClient.rpc('child_plan_goals');
    expect(goals.data).toEqual([{ goal: 'I can calm my body at bedtime', milestones: 2, done: 1 }]);
    expect((await childClient.from('family_plan_versions').select('id')).data).toEqual([]);
    const unknown = await coach.client.rpc('tick_plan_milestone', {
      child_id: child,
      milestone_id: randomUUID(),
      done: true,
    });
    expect(unknown.error).toMatchObject({ code: '22023' });
  });

  it('on Intensive Momentum the parent acknowledges or comments, each with its time; the coach reads it', async () => {
    const latest = (
      await parent.client
        .from('family_plan_versions')
        .select('id')
        .eq('child_id', child)
        .order('version', { ascending: false })
        .limit(1)
        .single()
    ).data!.id as string;
    const ack = await parent.client.rpc('review_family_plan', { version_id: latest });
    expect(ack.error).toBeNull();
    const note = await parent.client.rpc('review_family_plan', {
      version_id: latest,
      comment: 'Mornings are hard too.',
    });
    expect(note.error).toBeNull();
    const reviews = await coach.client
      .from('family_plan_reviews')
      .select('comment, created_at')
      .eq('version_id', latest)
      .order('created_at');
    expect(reviews.data?.map((r) => r.comment)).toEqual([null, 'Mornings are hard too.']);
    expect(Date.now() - Date.parse(reviews.data![0]!.created_at)).toBeLessThan(60_000);
  });

  // the role matrix of family_plan_versions, family_plan_ticks and family_plan_reviews (role x action)
  it('family_plan_versions, family_plan_ticks, family_plan_reviews: the family and other coaches write nothing; other coaches read nothing', async () => {
    for (const call of [
      parent.client.rpc('save_family_plan_draft', { child_id: child, content: content() }),
      parent.client.rpc('share_family_plan', { child_id: child }),
      parent.client.rpc('tick_plan_milestone', { child_id: child, milestone_id: milestoneB.id, done: true }),
      otherCoach.client.rpc('save_family_plan_draft', { child_id: child, content: content() }),
    ]) {
      expect((await call).error).toMatchObject({ code: '42501' });
    }
    for (const table of ['family_plan_versions', 'family_plan_ticks', 'family_plan_reviews']) {
      expect((await otherCoach.client.from(table).select('*').eq('child_id', child)).data).toEqual([]);
      expect((await anonClient().from(table).select('*')).error).toMatchObject({ code: '42501' });
      const write = await parent.client.from(table).insert({ child_id: child });
      expect(write.error).toMatchObject({ code: '42501' });
    }
    const edit = await parent.client
      .from('family_plan_versions')
      .update({ status: 'draft' })
      .eq('child_id', child)
      .select();
    expect(edit.error ?? edit.data).not.toEqual([expect.anything()]);
  });

  it('is part of Focused Progress without the review, and of Steady Growth not at all', async () => {
    await db.query(`update public.subscriptions set plan = 'focused-progress' where parent_id = $1`, [
      parent.userId,
    ]);
    try {
      const latest = (
        await parent.client.from('family_plan_versions').select('id').eq('child_id', child).limit(1)
      ).data![0]!.id;
      expect((await parent.client.rpc('review_family_plan', { version_id: latest })).error).toMatchObject({
        code: '22023',
        message: 'Reviewing the plan with your coach comes with Intensive Momentum',
      });
      expect((await coach.client.rpc('get_family_plan_kind', { child_id: child })).data).toBe('plan');
      await db.query(`update public.subscriptions set plan = 'steady-growth' where parent_id = $1`, [
        parent.userId,
      ]);
      const saved = await coach.client.rpc('save_family_plan_draft', { child_id: child, content: content() });
      expect(saved.error).toMatchObject({
        code: '22023',
        message: "Lu's family has no plan with a custom family plan",
      });
    } finally {
      await db.query(`update public.subscriptions set plan = 'intensive-momentum' where parent_id = $1`, [
        parent.userId,
      ]);
    }
  });
});
