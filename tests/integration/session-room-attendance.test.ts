import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoomWorld, type RoomWorld } from './session-room-fixtures.ts';

/**
 * The room's data through supabase-js: the session as the room sees it (get_session_room), the
 * attendance record (stamped by the server, one row per visit), and the coach ending the session.
 */

let world: RoomWorld;
let room: { id: string; roomId: string; topic: string };

beforeAll(async () => {
  world = await createRoomWorld();
  room = await world.createSession(world.ours);
}, 30_000);

afterAll(async () => {
  await world?.destroy();
});

describe('get_session_room', () => {
  it("tells each participant their part, the topic and the room's hours; strangers get nothing", async () => {
    const asChild = await world.ours.child.client.rpc('get_session_room', { session_id: room.id });
    expect(asChild.error).toBeNull();
    const row = asChild.data[0];
    expect(row).toMatchObject({ id: room.id, topic: room.topic, viewer_role: 'child', status: 'scheduled' });
    expect(Date.parse(row.opens_at)).toBe(Date.parse(row.starts_at) - 10 * 60_000);
    expect(Date.parse(row.closes_at)).toBe(Date.parse(row.ends_at) + 15 * 60_000);

    for (const [who, expected] of [
      [world.ours.coach, 'coach'],
      [world.ours.parent, 'parent'],
      [world.admin, 'admin'],
    ] as const) {
      const { data } = await who.client.rpc('get_session_room', { session_id: room.id });
      expect(data[0].viewer_role).toBe(expected);
    }
    for (const stranger of [world.theirs.parent, world.theirs.child, world.theirs.coach]) {
      const { data, error } = await stranger.client.rpc('get_session_room', { session_id: room.id });
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
  });
});

describe('attendance', () => {
  it('records a visit with the server’s clock and the caller’s part, whatever the client claims', async () => {
    const child = world.ours.child.client;
    const { data, error } = await child
      .from('session_attendance')
      .insert({ session_id: room.id })
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      session_id: room.id,
      user_id: world.ours.child.userId,
      role: 'child',
      left_at: null,
    });
    expect(Math.abs(Date.parse(data.joined_at) - Date.now())).toBeLessThan(60_000);

    // the client may not choose who or which part (column privileges)
    const forged = await child
      .from('session_attendance')
      .insert({ session_id: room.id, user_id: world.ours.parent.userId, role: 'coach' });
    expect(forged.error?.code).toBe('42501');

    // leaving: the server stamps the time; a finished visit stays finished
    const left = await child
      .from('session_attendance')
      .update({ left_at: '2000-01-01T00:00:00Z' })
      .eq('id', data.id)
      .select()
      .single();
    expect(left.error).toBeNull();
    expect(Date.parse(left.data.left_at)).toBeGreaterThanOrEqual(Date.parse(data.joined_at));
    const again = await child
      .from('session_attendance')
      .update({ left_at: new Date().toISOString() })
      .eq('id', data.id);
    expect(again.error?.code).toBe('42501');
  });

  it("is readable by the session's coach and parent, not by another family", async () => {
    await world.ours.parent.client.from('session_attendance').insert({ session_id: room.id });
    const asCoach = await world.ours.coach.client
      .from('session_attendance')
      .select('role')
      .eq('session_id', room.id);
    expect(asCoach.data?.map((r) => r.role).sort()).toEqual(['child', 'parent']);
    const asStranger = await world.theirs.parent.client
      .from('session_attendance')
      .select('id')
      .eq('session_id', room.id);
    expect(asStranger.data).toEqual([]);
  });

  it('refuses a visit from a stranger or to a room that is not open', async () => {
    const stranger = await world.theirs.parent.client
      .from('session_attendance')
      .insert({ session_id: room.id });
    expect(stranger.error?.code).toBe('42501');
    const later = await world.createSession(world.ours, { startsInMinutes: 60 * 24 * 3 });
    const early = await world.ours.parent.client.from('session_attendance').insert({ session_id: later.id });
    expect(early.error?.code).toBe('42501');
  });
});

describe('ending the session', () => {
  it('the coach marks it completed, which closes the room to new joins; a parent cannot', async () => {
    const byParent = await world.ours.parent.client
      .from('coaching_sessions')
      .update({ status: 'completed' })
      .eq('id', room.id)
      .select('id');
    expect(byParent.data).toEqual([]);

    const byCoach = await world.ours.coach.client
      .from('coaching_sessions')
      .update({ status: 'completed' })
      .eq('id', room.id)
      .select('status')
      .single();
    expect(byCoach.data?.status).toBe('completed');
    const visit = await world.ours.child.client.from('session_attendance').insert({ session_id: room.id });
    expect(visit.error?.code).toBe('42501');
  });
});
