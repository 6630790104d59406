import { describe, expect, it } from 'vitest';
import {
  admitted,
  linkTargets,
  participantsFrom,
  roomPhase,
  sessionClock,
  type PhaseInput,
  type PresenceMeta,
  type RoomRole,
} from '../lib/room-state';
import { parseIceServers } from '../lib/ice-servers';
import { acquireMedia } from '../lib/media';
import { roomCopy } from '../room-copy';
import { isSpeaking, rmsLevel, SPEAKING_HOLD_MS } from '../lib/speaking';

function meta(peerId: string, role: RoomRole, overrides: Partial<PresenceMeta> = {}): PresenceMeta {
  return {
    peer_id: peerId,
    user_id: `user-${peerId}`,
    name: peerId.toUpperCase(),
    role,
    camera: true,
    microphone: true,
    screen: false,
    joined_at: 1,
    ...overrides,
  };
}

const presence = (...metas: PresenceMeta[]) => Object.fromEntries(metas.map((m) => [m.peer_id, [m]]));

describe('participants and links', () => {
  it('reads presence into participants in arrival order, ignoring malformed entries', () => {
    const list = participantsFrom({
      ...presence(meta('p', 'parent', { joined_at: 2 }), meta('c', 'coach', { joined_at: 3 })),
      junk: [{ hello: 'world' }],
    });
    expect(list.map((p) => p.peerId)).toEqual(['p', 'c']);
  });

  it('links nobody until the coach is there: the family waits', () => {
    const family = participantsFrom(presence(meta('p', 'parent'), meta('k', 'child')));
    expect(linkTargets('p', family)).toEqual([]);
    const withCoach = participantsFrom(presence(meta('p', 'parent'), meta('k', 'child'), meta('c', 'coach')));
    expect(linkTargets('p', withCoach).sort()).toEqual(['c', 'k']);
  });

  it('admits four at most, and counts a reloaded visit (same user) once, the newest', () => {
    const five = participantsFrom(
      presence(
        meta('c', 'coach', { joined_at: 1 }),
        meta('p', 'parent', { joined_at: 2 }),
        meta('k', 'child', { joined_at: 3 }),
        meta('a', 'admin', { joined_at: 4 }),
        meta('x', 'parent', { joined_at: 5, user_id: 'someone-else' }),
      ),
    );
    expect(admitted(five).map((p) => p.peerId)).toEqual(['c', 'p', 'k', 'a']);
    const reloaded = participantsFrom(
      presence(
        meta('c', 'coach', { joined_at: 1 }),
        meta('p2', 'parent', { joined_at: 9, user_id: 'user-p' }),
        meta('p', 'parent', { joined_at: 2 }),
      ),
    );
    expect(admitted(reloaded).map((p) => p.peerId)).toEqual(['c', 'p2']);
  });
});

describe('the room phase', () => {
  const base: PhaseInput = {
    now: 1_000_000,
    opensAt: 900_000,
    closesAt: 3_000_000,
    status: 'scheduled',
    endedHere: false,
    joinRequested: false,
    joined: false,
    selfPeerId: 'p',
    participants: [],
  };
  it('is too early before the room opens, closed after, ended once completed', () => {
    expect(roomPhase({ ...base, now: 899_999 })).toBe('too-early');
    expect(roomPhase({ ...base, now: 3_000_000 })).toBe('closed');
    expect(roomPhase({ ...base, status: 'completed' })).toBe('ended');
    expect(roomPhase({ ...base, status: 'cancelled' })).toBe('closed');
    expect(roomPhase(base)).toBe('lobby');
  });
  it('waits for the coach, then is in the call; a call under way outlasts the opening hours', () => {
    const joined = { ...base, joinRequested: true, joined: true };
    expect(roomPhase({ ...joined, participants: participantsFrom(presence(meta('p', 'parent'))) })).toBe(
      'waiting',
    );
    const withCoach = participantsFrom(presence(meta('p', 'parent'), meta('c', 'coach')));
    expect(roomPhase({ ...joined, participants: withCoach })).toBe('in-call');
    expect(roomPhase({ ...joined, participants: withCoach, now: 5_000_000 })).toBe('in-call');
    expect(roomPhase({ ...joined, participants: withCoach, endedHere: true })).toBe('ended');
  });
});

describe('the session clock', () => {
  const start = Date.UTC(2026, 10, 23, 10, 0);
  const end = start + 30 * 60_000;
  it('counts down to the start, then the 30 minutes, then the overtime', () => {
    expect(sessionClock(start - 65_000, start, end).label).toBe('Starts in 1:05');
    expect(sessionClock(start + 60_000, start, end)).toEqual({
      label: '29:00 left',
      elapsedSeconds: 60,
      overtime: false,
    });
    expect(sessionClock(end + 130_000, start, end)).toMatchObject({ label: '2:10 over', overtime: true });
  });
});

describe('configuration and media', () => {
  it('reads STUN and TURN servers from configuration, none when unset', () => {
    expect(parseIceServers(undefined)).toEqual([]);
    expect(
      parseIceServers(
        '[{"urls":"stun:stun.example.org:3478"},{"urls":["turn:t.example.org"],"username":"u","credential":"c"}]',
      ),
    ).toHaveLength(2);
    expect(() => parseIceServers('[{"urls":"http://x"}]')).toThrow(/stun:/);
    expect(() => parseIceServers('nope')).toThrow(/JSON/);
  });

  it('goes on without camera and microphone when they are refused, with a plain explanation', async () => {
    const denied = Object.assign(new Error('denied'), { name: 'NotAllowedError' });
    const asked: MediaStreamConstraints[] = [];
    const media = await acquireMedia(
      {},
      async (c) => {
        asked.push(c);
        throw denied;
      },
      () => ({ getTracks: () => [] }) as unknown as MediaStream,
    );
    expect(media).toMatchObject({ audio: null, video: null, problem: roomCopy.mediaBlocked });
    expect(asked).toHaveLength(1); // a refusal is not asked again piece by piece
  });

  it('falls back to the microphone alone when there is no camera', async () => {
    const audioTrack = { kind: 'audio' };
    const media = await acquireMedia({}, async (c) => {
      if (c.video) throw Object.assign(new Error('none'), { name: 'NotFoundError' });
      return { getAudioTracks: () => [audioTrack], getVideoTracks: () => [] } as unknown as MediaStream;
    });
    expect(media).toMatchObject({ audio: audioTrack, video: null, problem: roomCopy.mediaMissing });
  });
});

describe('who is speaking', () => {
  it('lights up above the level and holds briefly after it drops', () => {
    expect(rmsLevel(new Float32Array([0.5, -0.5]))).toBeCloseTo(0.5);
    expect(isSpeaking(0.1, null, 0)).toBe(true);
    expect(isSpeaking(0, 1000, 1000 + SPEAKING_HOLD_MS - 1)).toBe(true);
    expect(isSpeaking(0, 1000, 1000 + SPEAKING_HOLD_MS)).toBe(false);
  });
});
