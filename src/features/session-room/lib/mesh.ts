import { PeerLink, type LocalMedia, type Signal } from './peer-link';

/**
 * The mesh: one PeerLink per other participant in the call (up to 3), kept in step with the room's
 * presence, with signals routed by sender and link id. A peer that starts a new connection (after
 * a reload its peer id is new; after failed restarts it sends `reset`) is met with a new link.
 */

export interface RemotePeer {
  peerId: string;
  stream: MediaStream;
  state: RTCPeerConnectionState;
}

export interface MeshOptions {
  selfId: string;
  send: (to: string, signal: Signal, linkId: string) => void;
  createConnection: () => RTCPeerConnection;
  createStream: () => MediaStream;
  localMedia: () => LocalMedia;
  onChange: (peers: RemotePeer[]) => void;
  onError?: (error: unknown) => void;
  schedule?: (task: () => void, ms: number) => () => void;
}

export class Mesh {
  private links = new Map<string, PeerLink>();
  private remoteLinks = new Map<string, string>();
  private states = new Map<string, RTCPeerConnectionState>();
  private closed = false;

  constructor(private options: MeshOptions) {}

  /** Keeps links with exactly these peers. */
  sync(targets: string[]) {
    if (this.closed) return;
    for (const peerId of [...this.links.keys()]) {
      if (!targets.includes(peerId)) this.drop(peerId);
    }
    for (const peerId of targets) {
      if (!this.links.has(peerId)) this.open(peerId);
    }
    this.changed();
  }

  /** A signal addressed to this visit. */
  receive(from: string, fromLink: string, signal: Signal) {
    if (this.closed || from === this.options.selfId) return;
    const known = this.remoteLinks.get(from);
    const isNewConnection =
      signal.kind === 'reset' ||
      (signal.kind === 'description' &&
        signal.description.type === 'offer' &&
        known !== undefined &&
        known !== fromLink);
    if (isNewConnection || !this.links.has(from)) {
      if (isNewConnection) this.drop(from);
      this.open(from);
      this.changed();
    } else if (known !== undefined && known !== fromLink) {
      return; // a late message of the peer's previous connection
    }
    this.remoteLinks.set(from, fromLink);
    if (signal.kind !== 'reset') void this.links.get(from)!.receive(signal);
  }

  /** The peer announced itself again (it may have been offline): links not connected retry. */
  reappeared(peerId: string) {
    this.links.get(peerId)?.peerReappeared();
  }

  /** Every link retries (this visit's own signalling came back). */
  reappearedAll() {
    for (const link of this.links.values()) link.peerReappeared();
  }

  async setTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null) {
    await Promise.all([...this.links.values()].map((link) => link.setTrack(kind, track)));
  }

  peers(): RemotePeer[] {
    return [...this.links.entries()].map(([peerId, link]) => ({
      peerId,
      stream: link.remoteStream,
      state: this.states.get(peerId) ?? 'new',
    }));
  }

  close() {
    this.closed = true;
    for (const peerId of [...this.links.keys()]) this.drop(peerId);
  }

  private open(peerId: string, announce = false) {
    const link: PeerLink = new PeerLink({
      selfId: this.options.selfId,
      peerId,
      createConnection: this.options.createConnection,
      createStream: this.options.createStream,
      localMedia: this.options.localMedia,
      send: (signal, linkId) => this.options.send(peerId, signal, linkId),
      onRemoteStream: () => this.changed(),
      onStateChange: (state) => {
        if (this.links.get(peerId) !== link) return;
        this.states.set(peerId, state);
        this.changed();
      },
      onReplace: () => {
        if (this.links.get(peerId) !== link) return;
        this.drop(peerId);
        this.open(peerId, true);
        this.changed();
      },
      onError: this.options.onError,
      schedule: this.options.schedule,
    });
    this.links.set(peerId, link);
    this.states.set(peerId, 'new');
    if (announce) this.options.send(peerId, { kind: 'reset' }, link.linkId);
  }

  private drop(peerId: string) {
    this.links.get(peerId)?.close();
    this.links.delete(peerId);
    this.remoteLinks.delete(peerId);
    this.states.delete(peerId);
  }

  private changed() {
    if (!this.closed) this.options.onChange(this.peers());
  }
}
