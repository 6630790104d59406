import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoomWorld, type RoomWorld } from './session-room-fixtures.ts';

/**
 * The `ice-servers` function as the room calls it (supabase-js functions.invoke): a participant of
 * the session gets its STUN/TURN servers (none on the local stack, which has no TURN), anyone else
 * is refused.
 */

let world: RoomWorld;
let sessionId: string;

beforeAll(async () => {
  world = await createRoomWorld();
  sessionId = (await world.createSession(world.ours)).id;
});
afterAll(async () => {
  await world?.destroy();
});

async function status(error: unknown): Promise<{ status: number; body: unknown }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

describe('ice-servers', () => {
  it("gives the session's coach, parent, child and an admin the servers (none locally)", async () => {
    for (const person of [world.ours.coach, world.ours.parent, world.ours.child, world.admin]) {
      const { data, error } = await person.client.functions.invoke('ice-servers', {
        body: { session_id: sessionId },
      });
      expect(error, person.firstName).toBeNull();
      expect(data).toEqual({ iceServers: [], expiresAt: null });
    }
  });

  it("refuses another family's parent and child and another session's coach (403), a visitor (401)", async () => {
    for (const person of [world.theirs.parent, world.theirs.child, world.theirs.coach]) {
      const { error } = await person.client.functions.invoke('ice-servers', {
        body: { session_id: sessionId },
      });
      expect(await status(error)).toEqual({
        status: 403,
        body: { error: "Only the session's participants may join its room" },
      });
    }
    const { error } = await world.anon.functions.invoke('ice-servers', { body: { session_id: sessionId } });
    expect((await status(error)).status).toBe(401);
  });

  it('answers 400 with the reason for a malformed session id', async () => {
    const { error } = await world.ours.parent.client.functions.invoke('ice-servers', {
      body: { session_id: 'not-a-session' },
    });
    expect(await status(error)).toEqual({ status: 400, body: { error: 'session_id: must be a session id' } });
  });
});
