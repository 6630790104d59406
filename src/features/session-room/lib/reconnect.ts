/**
 * What a link does when its connection falters, pure: an ICE restart when the path is lost (a
 * network change, a laptop waking up), and a fresh connection when restarts keep failing. The
 * signalling channel carrying the restart may itself be reconnecting: the room retries when the
 * peer is seen again (see room-state.ts).
 */

export interface LinkHealth {
  /** the connection's state as last reported */
  readonly state: RTCPeerConnectionState;
  /** when the connection entered `disconnected` (ms), if it is */
  readonly disconnectedSince: number | null;
  /** ICE restarts attempted since the connection was last `connected` */
  readonly restarts: number;
}

/** `disconnected` often heals by itself within a few seconds; a restart waits this long. */
export const DISCONNECTED_GRACE_MS = 3000;
/** Restarts attempted before the connection is replaced by a new one. */
export const MAX_ICE_RESTARTS = 2;

export const initialHealth: LinkHealth = { state: 'new', disconnectedSince: null, restarts: 0 };

export function connectionChanged(
  health: LinkHealth,
  state: RTCPeerConnectionState,
  now: number,
): LinkHealth {
  if (state === 'connected') return { state, disconnectedSince: null, restarts: 0 };
  if (state === 'disconnected') {
    return { ...health, state, disconnectedSince: health.disconnectedSince ?? now };
  }
  return { ...health, state, disconnectedSince: null };
}

export type RecoveryAction = 'none' | 'restart-ice' | 'replace' | 'wait';

/**
 * What to do now. `wait`: look again after DISCONNECTED_GRACE_MS. After `restart-ice`, call
 * `restartAttempted`.
 */
export function recoveryAction(health: LinkHealth, now: number): RecoveryAction {
  if (health.state === 'failed') {
    return health.restarts < MAX_ICE_RESTARTS ? 'restart-ice' : 'replace';
  }
  if (health.state === 'disconnected' && health.disconnectedSince !== null) {
    if (now - health.disconnectedSince < DISCONNECTED_GRACE_MS) return 'wait';
    return health.restarts < MAX_ICE_RESTARTS ? 'restart-ice' : 'replace';
  }
  return 'none';
}

export function restartAttempted(health: LinkHealth, now: number): LinkHealth {
  return {
    ...health,
    restarts: health.restarts + 1,
    // a further wait before the next restart, if this one does not help
    disconnectedSince: health.state === 'disconnected' ? now : health.disconnectedSince,
  };
}

/**
 * The peer was seen again on the signalling channel (it reconnected, or its presence was
 * re-announced): a link that is not connected should try again at once.
 */
export function peerReappeared(health: LinkHealth): RecoveryAction {
  if (health.state === 'connected' || health.state === 'new' || health.state === 'connecting') return 'none';
  return health.restarts < MAX_ICE_RESTARTS ? 'restart-ice' : 'replace';
}
