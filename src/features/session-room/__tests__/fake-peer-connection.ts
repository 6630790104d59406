/**
 * A stand-in for RTCPeerConnection that follows the JSEP signalling states (stable,
 * have-local-offer, have-remote-offer, implicit rollback), creates transceivers from a remote
 * offer, fires negotiationneeded, gathers one ICE candidate per local description, and reports
 * "connected" once both descriptions are set. Enough to run PeerLink's negotiation for real.
 */

let counter = 0;

interface FakeTrack {
  kind: string;
  id: string;
}

export class FakeTransceiver {
  direction: RTCRtpTransceiverDirection;
  currentDirection: RTCRtpTransceiverDirection | null = null;
  receiver: { track: FakeTrack };
  sender: {
    track: FakeTrack | null;
    replaceTrack: (track: FakeTrack | null) => Promise<void>;
    setStreams: () => void;
  };
  constructor(kind: string, track: FakeTrack | null, direction: RTCRtpTransceiverDirection) {
    this.direction = direction;
    this.receiver = { track: { kind, id: `remote-${kind}-${counter++}` } };
    const sender = {
      track,
      replaceTrack: async (next: FakeTrack | null) => {
        sender.track = next;
      },
      setStreams: () => undefined,
    };
    this.sender = sender;
  }
}

export class FakePeerConnection {
  readonly id = `pc${counter++}`;
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: { type: RTCSdpType; sdp: string } | null = null;
  remoteDescription: { type: RTCSdpType; sdp: string } | null = null;
  transceivers: FakeTransceiver[] = [];
  candidates: RTCIceCandidateInit[] = [];
  offersMade = 0;
  restarts = 0;
  closed = false;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((e: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void) | null = null;
  ontrack: ((e: { track: FakeTrack }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  private negotiationQueued = false;

  addTransceiver(trackOrKind: FakeTrack | string, init: { direction: RTCRtpTransceiverDirection }) {
    const kind = typeof trackOrKind === 'string' ? trackOrKind : trackOrKind.kind;
    const track = typeof trackOrKind === 'string' ? null : trackOrKind;
    const transceiver = new FakeTransceiver(kind, track, init.direction);
    this.transceivers.push(transceiver);
    this.needNegotiation();
    return transceiver;
  }

  getTransceivers() {
    return this.transceivers;
  }

  restartIce() {
    this.restarts += 1;
    this.needNegotiation();
  }

  async setLocalDescription() {
    await Promise.resolve();
    if (this.signalingState === 'have-remote-offer') {
      this.localDescription = { type: 'answer', sdp: this.sdp() };
      this.signalingState = 'stable';
      this.settle();
    } else {
      this.offersMade += 1;
      this.localDescription = { type: 'offer', sdp: this.sdp() };
      this.signalingState = 'have-local-offer';
    }
    this.onicecandidate?.({
      candidate: { toJSON: () => ({ candidate: `candidate:${this.id}`, sdpMid: '0' }) },
    });
  }

  async setRemoteDescription(description: { type: RTCSdpType; sdp?: string }) {
    await Promise.resolve();
    const sdp = description.sdp ?? '';
    if (description.type === 'offer') {
      if (this.signalingState === 'have-local-offer') this.signalingState = 'stable'; // implicit rollback
      if (this.signalingState !== 'stable')
        throw Object.assign(new Error('wrong state for offer'), { name: 'InvalidStateError' });
      this.remoteDescription = { type: 'offer', sdp };
      this.signalingState = 'have-remote-offer';
      const kinds = JSON.parse(sdp).kinds as string[];
      kinds.forEach((kind, i) => {
        if (!this.transceivers[i]) this.transceivers.push(new FakeTransceiver(kind, null, 'recvonly'));
        this.ontrack?.({ track: this.transceivers[i]!.receiver.track });
      });
    } else if (description.type === 'answer') {
      if (this.signalingState !== 'have-local-offer')
        throw Object.assign(new Error('answer without offer'), { name: 'InvalidStateError' });
      this.remoteDescription = { type: 'answer', sdp };
      this.signalingState = 'stable';
      this.transceivers.forEach((t) => this.ontrack?.({ track: t.receiver.track }));
      this.settle();
    }
  }

  async addIceCandidate(candidate: RTCIceCandidateInit) {
    await Promise.resolve();
    if (!this.remoteDescription)
      throw Object.assign(new Error('no remote description'), { name: 'InvalidStateError' });
    this.candidates.push(candidate);
  }

  close() {
    this.closed = true;
    this.signalingState = 'closed';
  }

  /** Test hook: the network changed the connection's state. */
  setConnectionState(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }

  private sdp() {
    return JSON.stringify({
      from: this.id,
      kinds: this.transceivers.map((t) => t.receiver.track.kind),
      n: this.offersMade,
    });
  }

  private settle() {
    if (this.localDescription && this.remoteDescription && this.connectionState === 'new') {
      this.setConnectionState('connected');
    }
  }

  private needNegotiation() {
    if (this.negotiationQueued) return;
    this.negotiationQueued = true;
    queueMicrotask(() => {
      this.negotiationQueued = false;
      if (this.signalingState === 'stable' && !this.closed) this.onnegotiationneeded?.();
    });
  }
}

export class FakeStream {
  private tracks: FakeTrack[] = [];
  getTracks() {
    return this.tracks;
  }
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
}
