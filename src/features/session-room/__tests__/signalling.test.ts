import { describe, expect, it } from 'vitest';
import { initialNegotiation, isPolite, receiveDescription, startOffer } from '../lib/negotiation';
import {
  connectionChanged,
  DISCONNECTED_GRACE_MS,
  initialHealth,
  MAX_ICE_RESTARTS,
  peerReappeared,
  recoveryAction,
  restartAttempted,
} from '../lib/reconnect';
import { PeerLink, type Signal } from '../lib/peer-link';
import { ABSENT_PEER_GRACE_MS, Mesh } from '../lib/mesh';
import { FakePeerConnection, FakeStream } from './fake-peer-connection';

/** Two peers' links joined by an in-order, asynchronous "channel" (as broadcast delivers). */
function pair(options: { schedule?: (task: () => void, ms: number) => () => void; now?: () => number } = {}) {
  const wire: { to: 'a' | 'b'; signal: Signal }[] = [];
  const errors: unknown[] = [];
  const replaced: string[] = [];
  const pcs: Record<'a' | 'b', FakePeerConnection> = {} as never;
  const media = {
    stream: new FakeStream(),
    audio: { kind: 'audio', id: 'mic' },
    video: { kind: 'video', id: 'cam' },
  };
  const make = (self: 'a' | 'b', peer: 'a' | 'b') =>
    new PeerLink({
      selfId: self,
      peerId: peer,
      createConnection: () => {
        pcs[self] = new FakePeerConnection();
        return pcs[self] as unknown as RTCPeerConnection;
      },
      createStream: () => new FakeStream() as unknown as MediaStream,
      send: (signal) => wire.push({ to: peer, signal }),
      localMedia: () => media as never,
      onRemoteStream: () => undefined,
      onStateChange: () => undefined,
      onReplace: () => replaced.push(self),
      onError: (e) => errors.push(e),
      candidateBatchMs: 0,
      schedule: options.schedule ?? ((task) => (queueMicrotask(task), () => undefined)),
      now: options.now,
    });
  const links = { a: make('a', 'b'), b: make('b', 'a') };
  /** Delivers everything in flight (and what it causes) until the wire is quiet. */
  async function flush() {
    for (let round = 0; round < 50; round++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (wire.length === 0) return;
      const batch = wire.splice(0);
      for (const { to, signal } of batch) await links[to].receive(signal);
    }
    throw new Error('signalling never settled');
  }
  return { links, pcs, wire, flush, errors, replaced };
}

describe('perfect negotiation (pure)', () => {
  it('gives each pair exactly one polite peer', () => {
    expect(isPolite('a', 'b')).toBe(true);
    expect(isPolite('b', 'a')).toBe(false);
  });

  it('on glare, the impolite peer ignores the offer and the polite one accepts and answers', () => {
    const impolite = startOffer(initialNegotiation(false));
    expect(receiveDescription(impolite, 'offer', 'have-local-offer')).toMatchObject({
      action: 'ignore',
      state: { ignoreOffer: true },
    });
    const polite = startOffer(initialNegotiation(true));
    expect(receiveDescription(polite, 'offer', 'have-local-offer')).toMatchObject({
      action: 'accept',
      answer: true,
    });
  });

  it('accepts an offer in stable state and an answer without answering it', () => {
    expect(receiveDescription(initialNegotiation(false), 'offer', 'stable')).toMatchObject({
      action: 'accept',
      answer: true,
    });
    expect(receiveDescription(initialNegotiation(false), 'answer', 'have-local-offer')).toMatchObject({
      action: 'accept',
      answer: false,
      state: { settingRemoteAnswer: true },
    });
  });
});

describe('a peer link', () => {
  it('connects: the impolite side offers, the polite side answers on the offered transceivers, ICE crosses', async () => {
    const { pcs, flush, errors } = pair();
    await flush();
    expect(errors).toEqual([]);
    expect(pcs.a.signalingState).toBe('stable');
    expect(pcs.b.signalingState).toBe('stable');
    expect(pcs.b.offersMade).toBe(1); // 'b' is impolite: it offered
    expect(pcs.a.offersMade).toBe(0);
    expect(pcs.a.connectionState).toBe('connected');
    expect(pcs.b.connectionState).toBe('connected');
    // the polite side sends its camera and microphone on the two offered transceivers
    expect(pcs.a.transceivers.map((t) => [t.direction, t.sender.track?.id])).toEqual([
      ['sendrecv', 'mic'],
      ['sendrecv', 'cam'],
    ]);
    expect(pcs.a.candidates).toEqual([{ candidate: `candidate:${pcs.b.id}`, sdpMid: '0' }]);
    expect(pcs.b.candidates).toEqual([{ candidate: `candidate:${pcs.a.id}`, sdpMid: '0' }]);
  });

  it('resolves glare when both sides renegotiate at once (ICE restarts crossing)', async () => {
    const { pcs, links, flush, errors, wire } = pair();
    await flush();
    pcs.a.restartIce();
    pcs.b.restartIce();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // both made an offer: the two cross on the wire
    expect(
      wire
        .filter((m) => m.signal.kind === 'description')
        .map((m) => m.to)
        .sort(),
    ).toEqual(['a', 'b']);
    await flush();
    expect(errors).toEqual([]);
    expect(pcs.a.signalingState).toBe('stable');
    expect(pcs.b.signalingState).toBe('stable');
    // the polite side's offer was dropped by the impolite one: b's offer is the one both hold
    expect(JSON.parse(pcs.a.remoteDescription!.sdp).from).toBe(pcs.b.id);
    expect(JSON.parse(pcs.b.localDescription!.sdp).from).toBe(pcs.b.id);
    expect(links.a.polite).toBe(true);
  });

  it('moves tracks with replaceTrack, without renegotiating', async () => {
    const { pcs, links, flush } = pair();
    await flush();
    const offers = pcs.b.offersMade;
    await links.b.setTrack('video', { kind: 'video', id: 'screen' } as unknown as MediaStreamTrack);
    await flush();
    expect(pcs.b.transceivers.find((t) => t.receiver.track.kind === 'video')!.sender.track?.id).toBe(
      'screen',
    );
    expect(pcs.b.offersMade).toBe(offers);
  });

  it('restarts ICE when the connection fails, then asks to be replaced when restarts do not help', async () => {
    // only immediate tasks run (candidate batches); the later re-checks are left out
    const { pcs, flush, replaced } = pair({
      schedule: (task, ms) => (ms === 0 && queueMicrotask(task), () => undefined),
    });
    await flush();
    for (let i = 0; i < MAX_ICE_RESTARTS; i++) {
      pcs.b.setConnectionState('failed');
      await flush();
    }
    expect(pcs.b.restarts).toBe(MAX_ICE_RESTARTS);
    expect(replaced).toEqual([]);
    pcs.b.setConnectionState('failed');
    expect(replaced).toEqual(['b']);
  });

  it('gives a disconnected link a grace period before restarting ICE', async () => {
    let now = 1000;
    const pending: { task: () => void; at: number }[] = [];
    const schedule = (task: () => void, ms: number) => {
      if (ms === 0) queueMicrotask(task);
      else pending.push({ task, at: now + ms });
      return () => undefined;
    };
    const { pcs, flush } = pair({ schedule, now: () => now });
    await flush();
    pcs.b.setConnectionState('disconnected');
    expect(pcs.b.restarts).toBe(0);
    now += DISCONNECTED_GRACE_MS;
    pending.splice(0).forEach((p) => p.task());
    expect(pcs.b.restarts).toBe(1);
  });

  it('sends again an ICE restart offer the peer missed while its signalling was down', async () => {
    const { pcs, flush, wire, links } = pair({
      schedule: (task, ms) => (ms === 0 && queueMicrotask(task), () => undefined),
    });
    await flush();
    pcs.b.setConnectionState('failed');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pcs.b.signalingState).toBe('have-local-offer');
    wire.splice(0); // the peer was offline: the restart offer is lost
    links.b.peerReappeared();
    await flush();
    expect(pcs.b.signalingState).toBe('stable');
    expect(JSON.parse(pcs.a.remoteDescription!.sdp!).n).toBe(pcs.b.offersMade);
  });

  it("restarts ICE at once when this side's network comes back, without the grace period", async () => {
    const { pcs, flush, links } = pair({
      schedule: (task, ms) => (ms === 0 && queueMicrotask(task), () => undefined),
    });
    await flush();
    pcs.a.setConnectionState('disconnected');
    expect(pcs.a.restarts).toBe(0);
    links.a.networkReturned();
    expect(pcs.a.restarts).toBe(1);
    await flush();
    expect(pcs.a.signalingState).toBe('stable');
    // a connected link is left alone
    pcs.b.setConnectionState('connected');
    links.b.networkReturned();
    expect(pcs.b.restarts).toBe(0);
  });
});

describe('recovery (pure)', () => {
  it('waits out a short disconnection, restarts ICE after it, and replaces after repeated failures', () => {
    let health = connectionChanged(initialHealth, 'connected', 0);
    health = connectionChanged(health, 'disconnected', 100);
    expect(recoveryAction(health, 100 + DISCONNECTED_GRACE_MS - 1)).toBe('wait');
    expect(recoveryAction(health, 100 + DISCONNECTED_GRACE_MS)).toBe('restart-ice');
    health = connectionChanged(health, 'failed', 5000);
    for (let i = 0; i < MAX_ICE_RESTARTS; i++) health = restartAttempted(health, 5000);
    expect(recoveryAction(health, 5000)).toBe('replace');
    // a connection that heals forgets its restarts
    expect(recoveryAction(connectionChanged(health, 'connected', 6000), 6000)).toBe('none');
  });

  it('retries at once when a lost peer is seen again, not when the link is fine', () => {
    expect(peerReappeared(connectionChanged(initialHealth, 'failed', 0))).toBe('restart-ice');
    expect(peerReappeared(connectionChanged(initialHealth, 'connected', 0))).toBe('none');
  });
});

describe('the mesh', () => {
  function mesh(selfId: string) {
    const sent: { to: string; signal: Signal; link: string }[] = [];
    const pcs: FakePeerConnection[] = [];
    const m = new Mesh({
      selfId,
      send: (to, signal, link) => sent.push({ to, signal, link }),
      createConnection: () => {
        const pc = new FakePeerConnection();
        pcs.push(pc);
        return pc as unknown as RTCPeerConnection;
      },
      createStream: () => new FakeStream() as unknown as MediaStream,
      localMedia: () => ({ stream: new FakeStream(), audio: null, video: null }) as never,
      onChange: () => undefined,
      schedule: (task) => (queueMicrotask(task), () => undefined),
    });
    return { m, sent, pcs };
  }

  it('keeps one link per peer in the call and closes links to peers who left', () => {
    const { m, pcs } = mesh('m');
    m.sync(['a', 'z']);
    expect(m.peers().map((p) => p.peerId)).toEqual(['a', 'z']);
    m.sync(['z']);
    expect(m.peers().map((p) => p.peerId)).toEqual(['z']);
    expect(pcs[0]!.closed).toBe(true);
  });

  it("meets a peer's new connection (reset) with a new link and drops the old connection's late signals", async () => {
    const { m, pcs } = mesh('m');
    m.sync(['z']);
    const offer = (from: string): Signal => ({
      kind: 'description',
      description: { type: 'offer', sdp: JSON.stringify({ from, kinds: ['audio', 'video'] }) },
    });
    m.receive('z', 'link-1', offer('first'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pcs[0]!.remoteDescription).not.toBeNull();

    m.receive('z', 'link-2', { kind: 'reset' });
    expect(pcs[0]!.closed).toBe(true);
    expect(pcs).toHaveLength(2);
    m.receive('z', 'link-1', { kind: 'candidates', candidates: [{ candidate: 'stale' }] });
    m.receive('z', 'link-2', offer('second'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(JSON.parse(pcs[1]!.remoteDescription!.sdp).from).toBe('second');
    expect(pcs[1]!.candidates).toEqual([]);
  });

  it('keeps a connected peer whose presence vanished (its socket dropped) until it is back, for a while', async () => {
    const pending: (() => void)[] = [];
    const sent: Signal[] = [];
    const pcs: FakePeerConnection[] = [];
    const m = new Mesh({
      selfId: 'm',
      send: (_to, signal) => sent.push(signal),
      createConnection: () => {
        const pc = new FakePeerConnection();
        pcs.push(pc);
        return pc as unknown as RTCPeerConnection;
      },
      createStream: () => new FakeStream() as unknown as MediaStream,
      localMedia: () => ({ stream: new FakeStream(), audio: null, video: null }) as never,
      onChange: () => undefined,
      schedule: (task, ms) => {
        if (ms === ABSENT_PEER_GRACE_MS) pending.push(task);
        else queueMicrotask(task);
        return () => pending.splice(pending.indexOf(task), 1);
      },
    });
    m.sync(['z', 'y']);
    pcs[0]!.setConnectionState('connected');
    pcs[1]!.setConnectionState('connected');

    // z's socket drops: its link and video stay, and nothing is renegotiated when it is back
    m.sync(['y']);
    expect(m.peers().map((p) => p.peerId)).toEqual(['z', 'y']);
    expect(m.absentPeers()).toEqual(['z']);
    m.sync(['z', 'y']);
    expect(m.absentPeers()).toEqual([]);
    expect(pending).toHaveLength(0);
    expect(pcs).toHaveLength(2);
    expect(pcs[0]!.closed).toBe(false);

    // gone for longer than the grace: dropped
    m.sync(['y']);
    pending.splice(0).forEach((task) => task());
    expect(m.peers().map((p) => p.peerId)).toEqual(['y']);
    expect(pcs[0]!.closed).toBe(true);

    // an absent peer's link that stops carrying the call is dropped at once
    m.sync([]);
    expect(m.absentPeers()).toEqual(['y']);
    pcs[1]!.setConnectionState('disconnected');
    expect(m.peers()).toEqual([]);
  });

  it('drops a peer that says bye at once, and says bye to every peer when closed', () => {
    const { m, sent, pcs } = mesh('m');
    m.sync(['z', 'y']);
    pcs[0]!.setConnectionState('connected');
    m.receive('z', 'l', { kind: 'bye' });
    expect(m.peers().map((p) => p.peerId)).toEqual(['y']);
    expect(pcs[0]!.closed).toBe(true);
    m.close();
    expect(sent.filter((s) => s.signal.kind === 'bye').map((s) => s.to)).toEqual(['y']);
  });

  it('tells a connection lost from one never made', () => {
    const { m, pcs } = mesh('m');
    m.sync(['z']);
    expect(m.peers()[0]).toMatchObject({ state: 'new', reconnecting: false });
    pcs[0]!.setConnectionState('connected');
    pcs[0]!.setConnectionState('disconnected');
    expect(m.peers()[0]).toMatchObject({ state: 'disconnected', reconnecting: true });
    pcs[0]!.setConnectionState('connected');
    expect(m.peers()[0]!.reconnecting).toBe(false);
  });

  it('answers an offer from a peer it has not seen in presence yet', async () => {
    const { m, sent } = mesh('m');
    m.receive('z', 'l', {
      kind: 'description',
      description: { type: 'offer', sdp: JSON.stringify({ from: 'z', kinds: ['audio'] }) },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent.find((s) => s.signal.kind === 'description')?.signal).toMatchObject({
      description: { type: 'answer' },
    });
  });
});
