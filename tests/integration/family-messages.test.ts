import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForEmail } from '../support/inbox.ts';
import { subscribeFailure, subscribed, uniqueName, waitFor } from './realtime-support.ts';
import { createRoomWorld, type Person, type RoomWorld } from './session-room-fixtures.ts';

/**
 * Messages between a family and its coach (docs/decisions/185), through supabase-js as the screens
 * use it. The access matrix (role x action) of family_messages, family_message_reads and
 * the outbox (its message emails), and of the private channel `family-messages:<family>`: the family's
 * parent, its coach and admins get what they should; a parent of another family, a coach of
 * another family, a child and anon get nothing. Then the email job, with the clock moved.
 */

let world: RoomWorld;
let family: string;

beforeAll(async () => {
  world = await createRoomWorld();
  family = world.ours.parent.userId;
}, 60_000);

afterAll(async () => {
  await world?.destroy();
});

type Actor = 'parent' | 'coach' | 'admin' | 'otherParent' | 'otherCoach' | 'child' | 'anon';
const clientOf = (actor: Actor): SupabaseClient =>
  ({
    parent: world.ours.parent.client,
    coach: world.ours.coach.client,
    admin: world.admin.client,
    otherParent: world.theirs.parent.client,
    otherCoach: world.theirs.coach.client,
    child: world.ours.child.client,
    anon: world.anon,
  })[actor];
const MEMBERS: Actor[] = ['parent', 'coach', 'admin'];
const STRANGERS: Actor[] = ['otherParent', 'otherCoach', 'child', 'anon'];

describe('family_messages: the access matrix (role x action)', () => {
  it('the family, its coach and an admin write; the server says who wrote, as what, and when', async () => {
    for (const actor of MEMBERS) {
      const { data, error } = await clientOf(actor)
        .from('family_messages')
        .insert({ family_id: family, body: `hello from the ${actor}` })
        .select('family_id, sender_id, sender_role, body, created_at')
        .single();
      expect(error).toBeNull();
      expect(data).toMatchObject({ family_id: family, sender_role: actor, body: `hello from the ${actor}` });
      expect(Math.abs(Date.parse(data!.created_at as string) - Date.now())).toBeLessThan(60_000);
    }
  });

  it('a parent of another family, a coach of another family, a child and anon write nothing', async () => {
    for (const actor of STRANGERS) {
      const { error } = await clientOf(actor)
        .from('family_messages')
        .insert({ family_id: family, body: 'hi' });
      expect(error?.code, actor).toBe('42501');
    }
    // a child cannot open a conversation of its own either
    const own = await world.ours.child.client
      .from('family_messages')
      .insert({ family_id: world.ours.child.userId, body: 'hi' });
    expect(own.error?.code).toBe('42501');
  });

  it('each member reads the conversation; strangers read nothing of it', async () => {
    for (const actor of MEMBERS) {
      const { data, error } = await clientOf(actor)
        .from('family_messages')
        .select('body')
        .eq('family_id', family);
      expect(error).toBeNull();
      expect(data!.length, actor).toBeGreaterThanOrEqual(3);
    }
    for (const actor of STRANGERS) {
      const { data } = await clientOf(actor).from('family_messages').select('body').eq('family_id', family);
      expect(data ?? [], actor).toEqual([]);
    }
  });

  it('who wrote, as what and when cannot be sent; nobody edits or deletes a message', async () => {
    const forged = await world.ours.parent.client
      .from('family_messages')
      .insert({ family_id: family, body: 'x', sender_role: 'coach' });
    expect(forged.error?.code).toBe('42501');
    for (const actor of [...MEMBERS, ...STRANGERS]) {
      const update = await clientOf(actor)
        .from('family_messages')
        .update({ body: 'changed' })
        .eq('family_id', family);
      expect(update.error?.code, actor).toBe('42501');
      const remove = await clientOf(actor).from('family_messages').delete().eq('family_id', family);
      expect(remove.error?.code, actor).toBe('42501');
    }
  });

  it('text only, 1 to 2,000 characters: the database refuses an empty or a longer message', async () => {
    const parent = world.ours.parent.client;
    for (const body of ['', '   \n ', 'x'.repeat(2001)]) {
      const { error } = await parent.from('family_messages').insert({ family_id: family, body });
      expect(error?.code, JSON.stringify(body.slice(0, 5))).toBe('23514');
    }
    const { error } = await parent
      .from('family_messages')
      .insert({ family_id: family, body: 'x'.repeat(2000) });
    expect(error).toBeNull();
  });
});

describe('family_message_reads and the unread counts', () => {
  it('counts what others wrote since the member last read, for the parent and the coach', async () => {
    const unread = async (who: Person) => (await who.client.rpc('family_messages_unread')).data as number;
    const parentBefore = await unread(world.ours.parent);
    const coachBefore = await unread(world.ours.coach);
    expect(parentBefore).toBeGreaterThan(0); // the coach's and the admin's messages
    await world.ours.coach.client.from('family_messages').insert({ family_id: family, body: 'one more' });
    expect(await unread(world.ours.parent)).toBe(parentBefore + 1);
    expect(await unread(world.ours.coach)).toBe(coachBefore); // their own message is not unread

    const mark = await world.ours.parent.client
      .from('family_message_reads')
      .upsert({ family_id: family, user_id: world.ours.parent.userId }, { onConflict: 'family_id,user_id' });
    expect(mark.error).toBeNull();
    expect(await unread(world.ours.parent)).toBe(0);
    expect(await unread(world.theirs.parent)).toBe(0);
    expect(await unread(world.theirs.coach)).toBe(0);
  });

  it("the coach's inbox lists their families, unread first; another coach's inbox has none of them", async () => {
    const { data, error } = await world.ours.coach.client.rpc('family_conversations');
    expect(error).toBeNull();
    const ours = (data as { family_id: string; unread: number; children_names: string }[]).find(
      (row) => row.family_id === family,
    );
    expect(ours).toMatchObject({ children_names: world.ours.child.firstName, unread: expect.any(Number) });
    const theirs = (await world.theirs.coach.client.rpc('family_conversations')).data as {
      family_id: string;
    }[];
    expect(theirs.map((row) => row.family_id)).not.toContain(family);
    const admin = (await world.admin.client.rpc('family_conversations')).data as { family_id: string }[];
    expect(admin.map((row) => row.family_id)).toContain(family);
    for (const actor of ['otherParent', 'child'] as const) {
      const rows = (await clientOf(actor).rpc('family_conversations')).data as { family_id: string }[];
      expect(rows.map((row) => row.family_id)).not.toContain(family);
    }
    expect((await world.anon.rpc('family_conversations')).error?.code).toBe('42501');
  });

  it('a member marks only their own place, only in their conversation; strangers none', async () => {
    const forOther = await world.ours.parent.client
      .from('family_message_reads')
      .insert({ family_id: family, user_id: world.ours.coach.userId });
    expect(forOther.error?.code).toBe('42501');
    for (const actor of ['otherParent', 'otherCoach', 'child'] as const) {
      const { error } = await clientOf(actor).from('family_message_reads').insert({ family_id: family });
      expect(error?.code, actor).toBe('42501');
      const { data } = await clientOf(actor).from('family_message_reads').select('*').eq('family_id', family);
      expect(data ?? [], actor).toEqual([]);
    }
    expect((await world.anon.from('family_message_reads').insert({ family_id: family })).error?.code).toBe(
      '42501',
    );
  });

  it('the reply promise is read by signed-in users, not by anon', async () => {
    const { data } = await world.ours.parent.client.rpc('message_reply_promise');
    expect(data).toEqual(expect.any(Number));
    expect((await world.anon.rpc('message_reply_promise')).error?.code).toBe('42501');
  });
});

describe('the private channel family-messages:<family>', () => {
  it('the family, its coach and an admin join it; the other family, a child and anon are refused', async () => {
    const topic = `family-messages:${family}`;
    for (const actor of MEMBERS) {
      const channel = clientOf(actor).channel(topic, { config: { private: true } });
      await subscribed(channel);
      await clientOf(actor).removeChannel(channel);
    }
    for (const actor of STRANGERS) {
      const channel = clientOf(actor).channel(topic, { config: { private: true } });
      const failure = await subscribeFailure(channel);
      expect(failure.message, actor).toMatch(/Unauthorized/);
      await clientOf(actor).removeChannel(channel);
    }
  });

  it("delivers a new message to the coach's open screen within a second, and nothing to another family", async () => {
    const follow = async (who: Person, familyId: string) => {
      const received: Record<string, unknown>[] = [];
      const channel = who.client
        .channel(`family-messages:${familyId}`, { config: { private: true } })
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'family_messages', filter: `family_id=eq.${familyId}` },
          (payload) => received.push(payload.new),
        );
      await subscribed(channel);
      return { channel, received };
    };
    const coach = await follow(world.ours.coach, family);
    // the other family's parent follows their own conversation, and with a filter on ours
    const other = await follow(world.theirs.parent, world.theirs.parent.userId);
    const prying = world.theirs.parent.client
      .channel(uniqueName('prying'))
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'family_messages' }, (p) =>
        other.received.push(p.new),
      );
    await subscribed(prying);

    const sentAt = Date.now();
    await world.ours.parent.client.from('family_messages').insert({ family_id: family, body: 'live?' });
    const arrived = await waitFor(
      () => coach.received.find((row) => row.body === 'live?'),
      3000,
      'the message',
    );
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(arrived).toMatchObject({ family_id: family, sender_role: 'parent' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(other.received).toEqual([]);
  });
});

describe('the staff channel staff-messages:<user>: one a person, whatever the number of families', () => {
  const staffTopic = (who: { userId: string }) => `staff-messages:${who.userId}`;

  it("a coach and an admin join their own; nobody joins another person's, and a parent not even their own", async () => {
    for (const who of [world.ours.coach, world.admin]) {
      const channel = who.client.channel(staffTopic(who), { config: { private: true } });
      await subscribed(channel);
      await who.client.removeChannel(channel);
    }
    const attempts: [SupabaseClient, string][] = [
      [world.theirs.coach.client, staffTopic(world.ours.coach)],
      [world.ours.parent.client, staffTopic(world.ours.coach)],
      [world.ours.parent.client, staffTopic(world.ours.parent)],
      [world.ours.child.client, staffTopic(world.ours.coach)],
      [world.anon, staffTopic(world.admin)],
    ];
    for (const [client, topic] of attempts) {
      const failure = await subscribeFailure(client.channel(topic, { config: { private: true } }));
      expect(failure.message, topic).toMatch(/Unauthorized/);
      await client.removeAllChannels();
    }
  });

  it("a parent's message reaches the family's coach and the admins, with the family's id alone, and no other coach", async () => {
    const follow = async (who: Person) => {
      const received: Record<string, unknown>[] = [];
      const channel = who.client
        .channel(staffTopic(who), { config: { private: true } })
        .on('broadcast', { event: 'message' }, ({ payload }) =>
          received.push(payload as Record<string, unknown>),
        );
      await subscribed(channel);
      return { channel, received };
    };
    const coach = await follow(world.ours.coach);
    const admin = await follow(world.admin);
    const otherCoach = await follow(world.theirs.coach);

    const sentAt = Date.now();
    await world.ours.parent.client.from('family_messages').insert({ family_id: family, body: 'to the team' });
    const atCoach = await waitFor(
      () => coach.received.find((p) => p.family_id === family),
      3000,
      'the coach',
    );
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(Object.keys(atCoach)).not.toContain('body');
    await waitFor(() => admin.received.find((p) => p.family_id === family), 3000, 'the admin');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(otherCoach.received).toEqual([]);

    // A message written in a transaction that is rolled back is never announced.
    await world.db.query('begin');
    await world.db.query(
      `insert into public.family_messages (family_id, sender_id, sender_role, body) values ($1, $1, 'parent', 'gone')`,
      [family],
    );
    await world.db.query('rollback');
    const before = coach.received.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(coach.received.length).toBe(before);
    for (const who of [world.ours.coach, world.admin, world.theirs.coach])
      await who.client.removeAllChannels();
  });

  it("the inbox pages with an exact count, and one family's summary is read on its own", async () => {
    const all = await world.admin.client.rpc('family_conversations', undefined, { count: 'exact' });
    expect(all.error).toBeNull();
    const total = all.count!;
    expect(total).toBe((all.data as unknown[]).length);
    const firstTwo = await world.admin.client
      .rpc('family_conversations', undefined, { count: 'exact' })
      .range(0, 1);
    expect(firstTwo.count).toBe(total);
    expect(firstTwo.data).toEqual((all.data as unknown[]).slice(0, 2));

    const one = await world.admin.client.rpc('family_conversations', { only_family: family });
    expect(one.data).toEqual([
      expect.objectContaining({ family_id: family, children_names: world.ours.child.firstName }),
    ]);
    // Another coach asking for this family by its id learns nothing.
    const prying = await world.theirs.coach.client.rpc('family_conversations', { only_family: family });
    expect(prying.data).toEqual([]);
  });
});

describe('the unread-message email job (the clock moved)', () => {
  /** A moment in two days, at `hour`:00 UTC: the job is run at it; the real job never reaches it. */
  let base: Date;
  const at = (minutes: number) => new Date(base.getTime() + minutes * 60_000).toISOString();
  /** Runs the job at `minutes` and answers how many emails it queued about the other family. */
  const run = async (minutes: number) => {
    await world.db.query('select private.send_due_message_emails($1)', [at(minutes)]);
    return (
      await world.db.query<{ n: number }>(
        `select count(*)::int as n from public.outbox
          where kind = 'message_email' and family_id = $1 and created_at = $2`,
        [world.theirs.parent.userId, at(minutes)],
      )
    ).rows[0]!.n;
  };
  const queued = async (user: string) =>
    (
      await world.db.query<{ n: number }>(
        `select count(*)::int as n from public.outbox
          where kind = 'message_email' and family_id = $1 and recipient_user_id = $2`,
        [world.theirs.parent.userId, user],
      )
    ).rows[0]!.n;
  /** The other family's parent writes at `minutes` (written as the database would stamp it). */
  const parentWrites = (minutes: number) =>
    world.db.query(
      `insert into public.family_messages (family_id, sender_id, sender_role, body, created_at)
       values ($1, $1, 'parent', 'a secret about bedtime', $2)`,
      [world.theirs.parent.userId, at(minutes)],
    );

  beforeAll(async () => {
    base = new Date(Date.now() + 2 * 86_400_000);
    base.setUTCHours(12, 0, 0, 0);
    await world.db.query(`update public.coaches set time_zone = 'UTC' where id = $1`, [world.theirs.coachId]);
  });

  it('is registered with pg_cron to run every minute', async () => {
    const { rows } = await world.db.query(
      `select schedule, command from cron.job where jobname = 'family-message-emails'`,
    );
    expect(rows).toEqual([{ schedule: '* * * * *', command: 'select private.send_due_message_emails()' }]);
  });

  it('emails the coach once after 15 minutes unread, without the text, then at most once an hour', async () => {
    const coach = world.theirs.coach.userId;
    const parent = world.theirs.parent.userId;
    // Two siblings added with their brother in one go (the same created_at): one coached by the
    // same coach, one by a coach without an account (so no one else is emailed here).
    const { rows: others } = await world.db.query<{ id: string }>(
      `insert into public.coaches (display_name, is_active, sort_order) values ('Unlinked Coach', false, 99)
       returning id`,
    );
    const otherCoach = others[0]!.id;
    const { rows: siblings } = await world.db.query<{ id: string; first_name: string }>(
      `insert into public.children (parent_id, coach_id, first_name, age_band, created_at)
       select c.parent_id, s.coach_id, s.name, '9', c.created_at
         from public.children c,
              (values ($2::uuid, 'Sibling' || left(md5(random()::text), 6)),
                      ($3::uuid, 'Elsewhere' || left(md5(random()::text), 6))) as s (coach_id, name)
        where c.id = $1
       returning id, first_name`,
      [world.theirs.childId, world.theirs.coachId, otherCoach],
    );
    // This coach's two, in the dashboard's steady order (added together: by first name); the other
    // coach's child left out.
    const coached = [
      { id: world.theirs.childId, name: world.theirs.child.firstName },
      { id: siblings[0]!.id, name: siblings[0]!.first_name },
    ].sort((a, b) => a.name.localeCompare(b.name));
    await parentWrites(0);
    expect(await run(14)).toBe(0);
    expect(await run(15)).toBe(1);
    expect(await queued(coach)).toBe(1);
    expect(await queued(parent)).toBe(0); // their own message
    const { rows } = await world.db.query<{ email: string }>('select email from auth.users where id = $1', [
      coach,
    ]);
    const mail = await waitForEmail(rows[0]!.email, /A new message from the family of/);
    expect(mail.subject).toBe(`A new message from the family of ${coached.map((c) => c.name).join(', ')}`);
    await world.db.query('delete from public.children where id = any($1)', [siblings.map((c) => c.id)]);
    await world.db.query('delete from public.coaches where id = $1', [otherCoach]);
    expect(mail.text).not.toContain('bedtime');
    expect(mail.html).not.toContain('bedtime');
    expect(mail.html).toContain(`/admin/messages/${parent}`);

    expect(await run(30)).toBe(0); // nothing new since the email
    await parentWrites(40);
    expect(await run(60)).toBe(0); // an email went out within the hour
    expect(await run(76)).toBe(1);
    expect(await queued(coach)).toBe(2);
  });

  it('outbox: admins read the message emails; nobody writes them', async () => {
    const mine = world.theirs.parent.userId;
    const admin = await world.admin.client.from('outbox').select('id').eq('family_id', mine);
    expect(admin.data!.length).toBeGreaterThan(0);
    for (const actor of ['parent', 'coach', 'otherParent', 'otherCoach', 'child', 'anon'] as const) {
      const { data } = await clientOf(actor).from('outbox').select('id').eq('family_id', mine);
      expect(data ?? [], actor).toEqual([]);
      const insert = await clientOf(actor)
        .from('outbox')
        .insert({ kind: 'message_email', family_id: mine, recipient_user_id: mine, recipient: 'parent' });
      expect(insert.error?.code, actor).toBe('42501');
    }
    const update = await world.admin.client.from('outbox').update({ outcome: 'sent' }).eq('family_id', mine);
    expect(update.error?.code).toBe('42501');
  });

  it('sends nothing to a member who read the conversation, or who turned these emails off', async () => {
    const coach = world.theirs.coach.userId;
    await parentWrites(200);
    await world.db.query(
      `insert into public.family_message_reads (family_id, user_id, last_read_at) values ($1, $2, $3)
       on conflict (family_id, user_id) do update set last_read_at = excluded.last_read_at`,
      [world.theirs.parent.userId, coach, at(205)],
    );
    expect(await run(230)).toBe(0);
    await parentWrites(240);
    const off = await world.theirs.coach.client
      .from('notification_preferences')
      .upsert({ user_id: coach, family_messages: false }, { onConflict: 'user_id' });
    expect(off.error).toBeNull();
    expect(await run(300)).toBe(0);
    await world.theirs.coach.client
      .from('notification_preferences')
      .upsert({ user_id: coach, family_messages: true }, { onConflict: 'user_id' });
    expect(await run(300)).toBe(1);
  });

  it('waits through the night in the recipient’s zone and sends in the morning', async () => {
    // 12:00 UTC + 10 h = 22:00 in UTC: night; 08:00 the next day: morning
    await parentWrites(10 * 60);
    expect(await run(10 * 60 + 20)).toBe(0);
    expect(await run(19 * 60 + 59)).toBe(0); // 07:59
    expect(await run(20 * 60)).toBe(1); // 08:00
  });
});
