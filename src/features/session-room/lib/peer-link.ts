import {
  candidateFailureExpected,
  finishOffer,
  initialNegotiation,
  isPolite,
  receiveDescription,
  remoteDescriptionApplied,
  startOffer,
  type DescriptionType,
  type NegotiationState,
} from './negotiation';
import {
  connectionChanged,
  DISCONNECTED_GRACE_MS,
  initialHealth,
  peerReappeared,
  recoveryAction,
  restartAttempted,
  type LinkHealth,
} from './reconnect';

/**
 * One peer-to-peer link of the mesh: an RTCPeerConnection driven by the pure state machines
 * (negotiation.ts for offers and answers, reconnect.ts for recovery). Signals travel over the
 * room's Realtime channel; each carries the sender's link id, so a peer that replaced its
 * connection (or reloaded) is recognised and met with a fresh one.
 *
 * The impolite side creates the audio and video transceivers and offers; the polite side answers
 * on the transceivers offered. Tracks are swapped with `replaceTrack` (camera, microphone, screen)
 * so toggling and device changes need no renegotiation.
 */

export type Signal =
  | { kind: 'description'; description: { type: DescriptionType; sdp?: string } }
  | { kind: 'candidates'; candidates: RTCIceCandidateInit[] }
  /** the sender started a new connection: meet it with a new one */
  | { kind: 'reset' }
  /** the sender is leaving the call (Leave, a reload, the tab closing): drop its link at once */
  | { kind: 'bye' };

export interface LocalMedia {
  stream: MediaStream;
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
}

export interface PeerLinkOptions {
  selfId: string;
  peerId: string;
  createConnection: () => RTCPeerConnection;
  createStream: () => MediaStream;
  send: (signal: Signal, linkId: string) => void;
  localMedia: () => LocalMedia;
  onRemoteStream: (stream: MediaStream) => void;
  onStateChange: (state: RTCPeerConnectionState) => void;
  /** restarts did not help: the room replaces this link */
  onReplace: () => void;
  onError?: (error: unknown) => void;
  now?: () => number;
  schedule?: (task: () => void, ms: number) => () => void;
  /** ICE candidates gathered within this window travel in one message */
  candidateBatchMs?: number;
  /** a link created to answer a peer's new connection starts with that peer's link id */
  linkId?: string;
}

const defaultSchedule = (task: () => void, ms: number) => {
  const id = setTimeout(task, ms);
  return () => clearTimeout(id);
};

let linkCounter = 0;
const newLinkId = () =>
  `${Date.now().toString(36)}${(linkCounter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export class PeerLink {
  readonly polite: boolean;
  readonly linkId: string;
  readonly pc: RTCPeerConnection;
  readonly remoteStream: MediaStream;
  private negotiation: NegotiationState;
  private health: LinkHealth = initialHealth;
  private queue: Promise<void> = Promise.resolve();
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private outgoingCandidates: RTCIceCandidateInit[] = [];
  private cancelFlush: (() => void) | undefined;
  private cancelRecheck: (() => void) | undefined;
  private closed = false;
  private now: () => number;
  private schedule: (task: () => void, ms: number) => () => void;

  constructor(private options: PeerLinkOptions) {
    this.polite = isPolite(options.selfId, options.peerId);
    this.linkId = options.linkId ?? newLinkId();
    this.negotiation = initialNegotiation(this.polite);
    this.now = options.now ?? Date.now;
    this.schedule = options.schedule ?? defaultSchedule;
    this.remoteStream = options.createStream();
    this.pc = options.createConnection();
    this.pc.onnegotiationneeded = () => void this.makeOffer();
    this.pc.onicecandidate = ({ candidate }) => {
      if (candidate) this.queueCandidate(candidate.toJSON());
    };
    this.pc.ontrack = ({ track }) => {
      if (!this.remoteStream.getTracks().includes(track)) this.remoteStream.addTrack(track);
      options.onRemoteStream(this.remoteStream);
    };
    this.pc.onconnectionstatechange = () => this.connectionChanged();
    if (!this.polite) {
      const media = options.localMedia();
      this.pc.addTransceiver(media.audio ?? 'audio', { direction: 'sendrecv', streams: [media.stream] });
      this.pc.addTransceiver(media.video ?? 'video', { direction: 'sendrecv', streams: [media.stream] });
    }
  }

  /** A signal from the peer, handled in order of arrival. */
  receive(signal: Signal): Promise<void> {
    this.queue = this.queue
      .then(() => this.handle(signal))
      .catch((error: unknown) => this.options.onError?.(error));
    return this.queue;
  }

  /** Puts a (new) local track on the link: camera on/off, another device, the screen. */
  async setTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null) {
    for (const transceiver of this.pc.getTransceivers()) {
      if (transceiver.receiver.track.kind === kind && transceiver.currentDirection !== 'stopped') {
        await transceiver.sender.replaceTrack(track);
      }
    }
  }

  /** The peer announced itself again on the channel (e.g. after its network came back). */
  peerReappeared() {
    // An offer sent while the peer could not hear it (its signalling was down) is sent again:
    // until it is answered, no further negotiation (an ICE restart included) can start.
    if (this.pc.signalingState === 'have-local-offer' && !this.negotiation.makingOffer)
      this.sendDescription();
    this.recover(peerReappeared(this.health));
  }

  /**
   * This side's network came back (the browser's `online` event): the path may have changed (another
   * Wi-Fi, mobile data), so a link that is not connected restarts ICE now rather than waiting.
   */
  networkReturned() {
    if (this.health.state === 'disconnected' || this.health.state === 'failed') this.recover('restart-ice');
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.cancelFlush?.();
    this.cancelRecheck?.();
    this.pc.onnegotiationneeded = null;
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
  }

  get state(): RTCPeerConnectionState {
    return this.health.state;
  }

  // ---- negotiation ---------------------------------------------------------------------------

  private async makeOffer() {
    if (this.closed) return;
    this.negotiation = startOffer(this.negotiation);
    try {
      await this.pc.setLocalDescription();
      this.sendDescription();
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      this.negotiation = finishOffer(this.negotiation);
    }
  }

  private sendDescription() {
    const description = this.pc.localDescription;
    if (!description) return;
    this.options.send(
      { kind: 'description', description: { type: description.type, sdp: description.sdp } },
      this.linkId,
    );
  }

  private async handle(signal: Signal) {
    if (this.closed) return;
    if (signal.kind === 'description') {
      const decision = receiveDescription(this.negotiation, signal.description.type, this.pc.signalingState);
      this.negotiation = decision.state;
      if (decision.action === 'ignore') return;
      await this.pc.setRemoteDescription(signal.description);
      this.negotiation = remoteDescriptionApplied(this.negotiation);
      for (const candidate of this.pendingCandidates.splice(0)) await this.addCandidate(candidate);
      if (decision.answer) {
        this.attachToOfferedTransceivers();
        await this.pc.setLocalDescription();
        this.sendDescription();
      }
      return;
    }
    if (signal.kind === 'candidates') {
      for (const candidate of signal.candidates) {
        if (!this.pc.remoteDescription) this.pendingCandidates.push(candidate);
        else await this.addCandidate(candidate);
      }
    }
  }

  /** The polite side sends on the transceivers the peer offered. */
  private attachToOfferedTransceivers() {
    if (!this.polite) return;
    const media = this.options.localMedia();
    for (const transceiver of this.pc.getTransceivers()) {
      if (transceiver.currentDirection === 'stopped' || transceiver.sender.track) continue;
      const kind = transceiver.receiver.track.kind;
      const track = kind === 'audio' ? media.audio : media.video;
      transceiver.direction = 'sendrecv';
      void transceiver.sender.replaceTrack(track);
      transceiver.sender.setStreams?.(media.stream);
    }
  }

  private async addCandidate(candidate: RTCIceCandidateInit) {
    try {
      await this.pc.addIceCandidate(candidate);
    } catch (error) {
      if (!candidateFailureExpected(this.negotiation)) throw error;
    }
  }

  private queueCandidate(candidate: RTCIceCandidateInit) {
    this.outgoingCandidates.push(candidate);
    if (this.cancelFlush) return;
    this.cancelFlush = this.schedule(() => {
      this.cancelFlush = undefined;
      const candidates = this.outgoingCandidates.splice(0);
      if (candidates.length && !this.closed)
        this.options.send({ kind: 'candidates', candidates }, this.linkId);
    }, this.options.candidateBatchMs ?? 40);
  }

  // ---- recovery ------------------------------------------------------------------------------

  private connectionChanged() {
    const state = this.pc.connectionState;
    this.health = connectionChanged(this.health, state, this.now());
    this.options.onStateChange(state);
    this.recover(recoveryAction(this.health, this.now()));
  }

  private recover(action: ReturnType<typeof recoveryAction>) {
    if (this.closed) return;
    this.cancelRecheck?.();
    this.cancelRecheck = undefined;
    if (action === 'restart-ice') {
      this.health = restartAttempted(this.health, this.now());
      this.pc.restartIce();
      this.cancelRecheck = this.schedule(
        () => this.recover(recoveryAction(this.health, this.now())),
        DISCONNECTED_GRACE_MS * 2,
      );
    } else if (action === 'wait') {
      this.cancelRecheck = this.schedule(
        () => this.recover(recoveryAction(this.health, this.now())),
        DISCONNECTED_GRACE_MS,
      );
    } else if (action === 'replace') {
      this.options.onReplace();
    }
  }
}
