/**
 * The room's state, pure: who is here (from Realtime presence), which phase the viewer is in
 * (too early, lobby, waiting room, call, ended), whom to link with (a mesh of up to 4), and the
 * session clock.
 */

export type RoomRole = 'coach' | 'parent' | 'child' | 'admin';

/** What each participant announces on the channel (Realtime presence), snake_case on the wire. */
export interface PresenceMeta {
  peer_id: string;
  user_id: string;
  name: string;
  role: RoomRole;
  camera: boolean;
  microphone: boolean;
  screen: boolean;
  /** ms since epoch, when this visit joined */
  joined_at: number;
}

export interface Participant {
  peerId: string;
  userId: string;
  name: string;
  role: RoomRole;
  camera: boolean;
  microphone: boolean;
  screen: boolean;
  joinedAt: number;
}

/** Up to 4 people are in a call together (a full mesh: each sends to each). */
export const MAX_PARTICIPANTS = 4;

const ROLE_ORDER: Record<RoomRole, number> = { coach: 0, child: 1, parent: 2, admin: 3 };

function isMeta(value: unknown): value is PresenceMeta {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.peer_id === 'string' &&
    typeof m.user_id === 'string' &&
    typeof m.name === 'string' &&
    typeof m.role === 'string' &&
    m.role in ROLE_ORDER
  );
}

/** Everyone present, one entry per visit (presence key = peer id), in a stable order. */
export function participantsFrom(state: Record<string, unknown[]>): Participant[] {
  const participants: Participant[] = [];
  for (const metas of Object.values(state)) {
    const meta = [...metas].reverse().find(isMeta);
    if (!meta) continue;
    participants.push({
      peerId: meta.peer_id,
      userId: meta.user_id,
      name: meta.name,
      role: meta.role,
      camera: meta.camera !== false,
      microphone: meta.microphone !== false,
      screen: meta.screen === true,
      joinedAt: typeof meta.joined_at === 'number' ? meta.joined_at : 0,
    });
  }
  return participants.sort(byArrival);
}

/** The stable order of participants: by arrival, then role, then peer id. */
export function byArrival(a: Participant, b: Participant): number {
  return a.joinedAt - b.joinedAt || ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || (a.peerId < b.peerId ? -1 : 1);
}

/** The coach (or an admin standing in) lets the family in by being in the room. */
export const isHost = (role: RoomRole) => role === 'coach' || role === 'admin';

/**
 * The first MAX_PARTICIPANTS visits by arrival are in the call; a later one is told the room is
 * full. An earlier visit of the same person (a tab left behind by a reload) does not count.
 */
export function admitted(participants: Participant[]): Participant[] {
  const latestPerUser = new Map<string, Participant>();
  for (const p of participants) latestPerUser.set(p.userId, p);
  return participants.filter((p) => latestPerUser.get(p.userId) === p).slice(0, MAX_PARTICIPANTS);
}

/** The peers this visit keeps a link with: nobody until a host is here. */
export function linkTargets(selfPeerId: string, participants: Participant[]): string[] {
  const inCall = admitted(participants);
  if (!inCall.some((p) => p.peerId === selfPeerId)) return [];
  if (!inCall.some((p) => isHost(p.role))) return [];
  return inCall.filter((p) => p.peerId !== selfPeerId).map((p) => p.peerId);
}

export type Phase = 'too-early' | 'closed' | 'ended' | 'lobby' | 'joining' | 'waiting' | 'full' | 'in-call';

export interface PhaseInput {
  now: number;
  opensAt: number;
  closesAt: number;
  status: string;
  /** the coach ended the session while this viewer was here */
  endedHere: boolean;
  /** the viewer pressed Join */
  joinRequested: boolean;
  /** the channel is subscribed and this visit is announced */
  joined: boolean;
  selfPeerId: string;
  participants: Participant[];
}

/**
 * The viewer's phase. The opening hours decide whether one may join; a call under way is not cut
 * off when they end (the coach ends it for everyone).
 */
export function roomPhase(input: PhaseInput): Phase {
  if (input.endedHere || input.status === 'completed') return 'ended';
  if (input.status !== 'scheduled') return 'closed';
  if (!input.joinRequested) {
    if (input.now >= input.closesAt) return 'closed';
    if (input.now < input.opensAt) return 'too-early';
    return 'lobby';
  }
  if (!input.joined) return 'joining';
  const inCall = admitted(input.participants);
  const self = inCall.find((p) => p.peerId === input.selfPeerId);
  if (!self) {
    return input.participants.some((p) => p.peerId === input.selfPeerId) ? 'full' : 'joining';
  }
  if (!inCall.some((p) => isHost(p.role))) return 'waiting';
  return 'in-call';
}

export interface SessionClock {
  /** e.g. "Starts in 4:05", "12:34 left", "2:10 over" */
  label: string;
  /** seconds into the session, clamped to [0, duration] (for a progress bar) */
  elapsedSeconds: number;
  overtime: boolean;
}

export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(s / 60);
  const seconds = s % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** The session timer everyone sees, from the session's scheduled start and end. */
export function sessionClock(now: number, startsAt: number, endsAt: number): SessionClock {
  const duration = Math.max(0, (endsAt - startsAt) / 1000);
  if (now < startsAt) {
    return {
      label: `Starts in ${formatDuration(Math.ceil((startsAt - now) / 1000))}`,
      elapsedSeconds: 0,
      overtime: false,
    };
  }
  if (now < endsAt) {
    return {
      label: `${formatDuration(Math.ceil((endsAt - now) / 1000))} left`,
      elapsedSeconds: Math.min(duration, (now - startsAt) / 1000),
      overtime: false,
    };
  }
  return { label: `${formatDuration((now - endsAt) / 1000)} over`, elapsedSeconds: duration, overtime: true };
}
