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
  /** the link was connected and is not now: the call with this peer is being restored */
  reconnecting: boolean;
}

/**
 * A peer whose presence vanished while its link is still connected (its signalling socket dropped:
 * a proxy, a router, a Realtime restart) keeps its link this long, so the call goes on while its
 * socket comes back. A peer that leaves says so (`bye`) and is dropped at once.
 */
export const ABSENT_PEER_GRACE_MS = 15_000;

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

const defaultSchedule = (task: () => void, ms: number) => {
  const id = setTimeout(task, ms);
  return () => clearTimeout(id);
};

export class Mesh {
  private links = new Map<string, PeerLink>();
  private remoteLinks = new Map<string, string>();
  private states = new Map<string, RTCPeerConnectionState>();
  /** peers whose link has been connected at least once (so a later loss is a reconnection) */
  private wasConnected = new Set<string>();
  /** peers absent from presence whose connected link is kept for a while */
  private absent = new Map<string, () => void>();
  private closed = false;

  constructor(private options: MeshOptions) {}

  /** Keeps links with exactly these peers. */
  sync(targets: string[]) {
    if (this.closed) return;
    for (const peerId of [...this.links.keys()]) {
      if (targets.includes(peerId) || this.absent.has(peerId)) continue;
      if (this.states.get(peerId) === 'connected') this.keepWhileAbsent(peerId);
      else this.drop(peerId);
    }
    for (const peerId of targets) {
      this.absent.get(peerId)?.();
      this.absent.delete(peerId);
      if (!this.links.has(peerId)) this.open(peerId);
    }
    this.changed();
  }

  /** Peers not in presence now whose link is still kept (see ABSENT_PEER_GRACE_MS). */
  absentPeers(): string[] {
    return [...this.absent.keys()];
  }

  private keepWhileAbsent(peerId: string) {
    const schedule = this.options.schedule ?? defaultSchedule;
    this.absent.set(
      peerId,
      schedule(() => {
        this.drop(peerId);
        this.changed();
      }, ABSENT_PEER_GRACE_MS),
    );
  }

  /** A signal addressed to this visit. */
  receive(from: string, fromLink: string, signal: Signal) {
    if (this.closed || from === this.options.selfId) return;
    if (signal.kind === 'bye') {
      if (this.remoteLinks.get(from) === fromLink || !this.remoteLinks.has(from)) {
        this.drop(from);
        this.changed();
      }
      return;
    }
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

  /** This side's network came back: links not connected restart ICE at once. */
  networkReturned() {
    for (const link of this.links.values()) link.networkReturned();
  }

  /** Tells every peer this visit is leaving (before a reload or the tab closing). */
  sayBye() {
    for (const [peerId, link] of this.links) this.options.send(peerId, { kind: 'bye' }, link.linkId);
  }

  async setTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null) {
    await Promise.all([...this.links.values()].map((link) => link.setTrack(kind, track)));
  }

  peers(): RemotePeer[] {
    return [...this.links.entries()].map(([peerId, link]) => {
      const state = this.states.get(peerId) ?? 'new';
      return {
        peerId,
        stream: link.remoteStream,
        state,
        reconnecting: state !== 'connected' && this.wasConnected.has(peerId),
      };
    });
  }

  close() {
    if (!this.closed) this.sayBye();
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
        if (state === 'connected') this.wasConnected.add(peerId);
        // an absent peer's link is kept only while it carries the call
        if (state !== 'connected' && this.absent.has(peerId)) this.drop(peerId);
        this.changed();
      },
      onReplace: () => {
        if (this.links.get(peerId) !== link) return;
        const reconnecting = this.wasConnected.has(peerId);
        this.drop(peerId);
        if (reconnecting) this.wasConnected.add(peerId);
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
    this.absent.get(peerId)?.();
    this.absent.delete(peerId);
    this.wasConnected.delete(peerId);
    this.links.get(peerId)?.close();
    this.links.delete(peerId);
    this.remoteLinks.delete(peerId);
    this.states.delete(peerId);
  }

  private changed() {
    if (!this.closed) this.options.onChange(this.peers());
  }
}
