/**
 * The signalling state machine of one peer-to-peer link, pure (no WebRTC, no network): Perfect
 * Negotiation (W3C WebRTC 1.0, §10.7), where each side of a pair knows whether it is the
 * "polite" peer. When both sides offer at once (glare), the impolite peer ignores the incoming
 * offer and the polite one rolls its own back and answers, so every collision resolves the same
 * way on both sides without another round trip.
 *
 * The link (peer-link.ts) asks this module what to do and performs it on its RTCPeerConnection.
 */

export type DescriptionType = 'offer' | 'answer' | 'pranswer' | 'rollback';

export interface NegotiationState {
  /** the polite peer yields when both offer at once */
  readonly polite: boolean;
  /** a local offer is being created and set */
  readonly makingOffer: boolean;
  /** the last offer received was ignored (its trailing ICE candidates may then fail harmlessly) */
  readonly ignoreOffer: boolean;
  /** a remote answer is being applied (the connection will be stable when it completes) */
  readonly settingRemoteAnswer: boolean;
}

/** Of two peers, the one with the smaller id is polite; both compute the same answer. */
export function isPolite(selfId: string, peerId: string): boolean {
  return selfId < peerId;
}

export function initialNegotiation(polite: boolean): NegotiationState {
  return { polite, makingOffer: false, ignoreOffer: false, settingRemoteAnswer: false };
}

/** `negotiationneeded` fired: a local offer is being made. */
export function startOffer(state: NegotiationState): NegotiationState {
  return { ...state, makingOffer: true };
}

/** The local offer was set and sent (or failed): no longer making one. */
export function finishOffer(state: NegotiationState): NegotiationState {
  return { ...state, makingOffer: false };
}

export type DescriptionDecision =
  /** glare, and this is the impolite peer: drop the offer, ours stands */
  | { action: 'ignore'; state: NegotiationState }
  /** apply it (a polite peer's pending offer is rolled back implicitly), then answer if `answer` */
  | { action: 'accept'; answer: boolean; state: NegotiationState };

/**
 * A description arrived from the peer. `signalingState` is the connection's current one.
 */
export function receiveDescription(
  state: NegotiationState,
  type: DescriptionType,
  signalingState: RTCSignalingState,
): DescriptionDecision {
  const readyForOffer = !state.makingOffer && (signalingState === 'stable' || state.settingRemoteAnswer);
  const offerCollision = type === 'offer' && !readyForOffer;
  const ignoreOffer = !state.polite && offerCollision;
  if (ignoreOffer) return { action: 'ignore', state: { ...state, ignoreOffer: true } };
  return {
    action: 'accept',
    answer: type === 'offer',
    state: { ...state, ignoreOffer: false, settingRemoteAnswer: type === 'answer' },
  };
}

/** The remote description has been applied. */
export function remoteDescriptionApplied(state: NegotiationState): NegotiationState {
  return { ...state, settingRemoteAnswer: false };
}

/**
 * Adding a remote ICE candidate failed: whether that is expected (the candidate belonged to the
 * offer this peer ignored) rather than an error.
 */
export function candidateFailureExpected(state: NegotiationState): boolean {
  return state.ignoreOffer;
}
