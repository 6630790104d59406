import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { getSupabase } from '@/lib/supabase';
import { endVisit, startVisit, touchVisit } from '../api/record-attendance';
import { iceServersFor } from '../api/get-ice-servers';
import { Mesh, type RemotePeer } from '../lib/mesh';
import type { LocalMedia, Signal } from '../lib/peer-link';
import {
  byArrival,
  linkTargets,
  participantsFrom,
  type Participant,
  type PresenceMeta,
  type RoomRole,
} from '../lib/room-state';

/**
 * The call: the session's private Realtime channel (presence for who is here, broadcast for the
 * WebRTC signals addressed peer to peer, and the coach's "end"), the mesh of peer connections,
 * and the attendance record. Joining starts when `active` turns true; leaving (or unmounting)
 * tears everything down.
 */

export interface Viewer {
  userId: string;
  name: string;
}

export interface RoomCallOptions {
  topic: string;
  sessionId: string;
  viewer: Viewer;
  role: RoomRole;
  active: boolean;
  /**
   * The room is open to this viewer (still in the lobby or not): the STUN/TURN servers are fetched
   * and the Realtime socket opened ahead of Join, so pressing it starts the links at once.
   */
  warm?: boolean;
  localMedia: () => LocalMedia;
  announced: { camera: boolean; microphone: boolean; screen: boolean };
}

export type ChannelTrouble = null | 'refused' | 'reconnecting';

/** How often a visit tells the server it is still in the room. */
const ATTENDANCE_HEARTBEAT_MS = 30_000;

interface SignalMessage {
  from: string;
  to: string;
  link: string;
  signal: Signal;
}

const newPeerId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function useRoomCall(options: RoomCallOptions) {
  const { topic, sessionId, viewer, role, active } = options;
  // A new id per visit: a reload is a new participant to the others, who connect to it afresh.
  const [peerId] = useState(newPeerId);
  const [joinedAt] = useState(() => Date.now());
  const [joined, setJoined] = useState(false);
  const [present, setPresent] = useState<Participant[]>([]);
  // the last presence of each peer, for a peer whose link outlives its presence (see mesh.ts)
  const [lastSeen, setLastSeen] = useState<ReadonlyMap<string, Participant>>(new Map());
  const [peers, setPeers] = useState<RemotePeer[]>([]);
  const [trouble, setTrouble] = useState<ChannelTrouble>(null);
  const [endedHere, setEndedHere] = useState(false);
  const channelRef = useRef<RealtimeChannel | null>(null);
  const meshRef = useRef<Mesh | null>(null);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  const meta = useCallback(
    (): PresenceMeta => ({
      peer_id: peerId,
      user_id: viewer.userId,
      name: viewer.name,
      role,
      camera: optionsRef.current.announced.camera,
      microphone: optionsRef.current.announced.microphone,
      screen: optionsRef.current.announced.screen,
      joined_at: joinedAt,
    }),
    [peerId, viewer.userId, viewer.name, role, joinedAt],
  );

  const warm = options.warm ?? false;
  useEffect(() => {
    if (!warm) return;
    void iceServersFor(sessionId);
    void getSupabase().then((supabase) => supabase.realtime.connect());
  }, [warm, sessionId]);

  // The coach's "end" closes the call here too: links, channel and the visit's record.
  const live = active && !endedHere;
  useEffect(() => {
    if (!live) return;
    let stopped = false;
    let visitId: string | undefined;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let subscribedBefore = false;
    // Filled before any link is made (see withMesh below).
    let ice: RTCIceServer[] = [];

    const mesh = new Mesh({
      selfId: peerId,
      createConnection: () => new RTCPeerConnection({ iceServers: ice }),
      createStream: () => new MediaStream(),
      localMedia: () => optionsRef.current.localMedia(),
      send: (to, signal, link) => {
        const message: SignalMessage = { from: peerId, to, link, signal };
        void channelRef.current?.send({ type: 'broadcast', event: 'signal', payload: message });
      },
      onChange: (next) => {
        if (!stopped) setPeers(next);
      },
      onError: (error) => console.warn('session room link:', error),
    });
    meshRef.current = mesh;

    const leaveVisit = () => {
      if (visitId) void endVisit(visitId).catch(() => undefined);
      visitId = undefined;
    };
    const onPageHide = () => {
      // the others drop this visit's links at once (a reload comes back as a new visit)
      mesh.sayBye();
      leaveVisit();
    };
    window.addEventListener('pagehide', onPageHide);
    // The browser knows first when the network goes and comes back: say so, and on its return
    // restart what was lost without waiting for a heartbeat or a backoff to notice.
    const onOffline = () => setTrouble((t) => (t === 'refused' ? t : 'reconnecting'));
    const onOnline = () => {
      mesh.networkReturned();
      void getSupabase().then((supabase) => {
        if (stopped) return;
        const channel = channelRef.current;
        if (channel?.state === 'joined') {
          setTrouble((t) => (t === 'reconnecting' ? null : t));
          // the socket may have died meanwhile: a heartbeat finds out
          void supabase.realtime.sendHeartbeat();
          // presence is announced again, so the others retry their links with this visit too
          void channel.track(meta());
        } else {
          supabase.realtime.connect();
        }
      });
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) onOffline();

    // The channel is joined while the STUN/TURN servers are still on their way; what it asks of
    // the mesh (links follow presence) waits for them, in order.
    let iceReady = false;
    const waiting: (() => void)[] = [];
    const withMesh = (task: () => void) => (iceReady ? task() : waiting.push(task));
    void iceServersFor(sessionId).then((servers) => {
      if (stopped) return;
      ice = servers;
      iceReady = true;
      for (const task of waiting.splice(0)) task();
    });
    void getSupabase().then((supabase) => {
      if (stopped) return;
      const channel = supabase.channel(topic, {
        config: { private: true, broadcast: { self: false }, presence: { key: peerId } },
      });
      channelRef.current = channel;
      channel
        .on('broadcast', { event: 'signal' }, ({ payload }: { payload: SignalMessage }) => {
          if (payload?.to === peerId && typeof payload.from === 'string') {
            withMesh(() => mesh.receive(payload.from, String(payload.link), payload.signal));
          }
        })
        .on('broadcast', { event: 'end' }, () => setEndedHere(true))
        .on('presence', { event: 'sync' }, () => {
          const present = participantsFrom(channel.presenceState() as Record<string, unknown[]>);
          setLastSeen((seen) => new Map([...seen, ...present.map((p) => [p.peerId, p] as const)]));
          setPresent(present);
          withMesh(() => mesh.sync(linkTargets(peerId, present)));
        })
        .on('presence', { event: 'join' }, ({ key }: { key: string }) => withMesh(() => mesh.reappeared(key)))
        .subscribe((status, error) => {
          if (stopped) return;
          if (status === 'SUBSCRIBED') {
            setTrouble(null);
            void channel.track(meta());
            setJoined(true);
            if (subscribedBefore) withMesh(() => mesh.reappearedAll());
            subscribedBefore = true;
            if (!visitId) {
              void startVisit(sessionId)
                .then((id) => {
                  if (stopped) void endVisit(id).catch(() => undefined);
                  else visitId = id;
                })
                .catch((e: unknown) => console.warn('attendance not recorded:', e));
              heartbeat ??= setInterval(() => {
                if (visitId) void touchVisit(visitId).catch(() => undefined);
              }, ATTENDANCE_HEARTBEAT_MS);
            }
          } else if (status === 'CHANNEL_ERROR' && /permission/i.test(error?.message ?? '')) {
            // Refused by the server's policies: stop retrying.
            setTrouble('refused');
            void supabase.removeChannel(channel);
          } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
            // realtime-js rejoins by itself when the connection comes back
            setTrouble('reconnecting');
          }
        });
    });

    return () => {
      stopped = true;
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      clearInterval(heartbeat);
      leaveVisit();
      mesh.close();
      meshRef.current = null;
      const channel = channelRef.current;
      channelRef.current = null;
      if (channel) void getSupabase().then((supabase) => supabase.removeChannel(channel));
      setJoined(false);
      setPeers([]);
      setPresent([]);
      setLastSeen(new Map());
    };
  }, [live, peerId, topic, sessionId, meta]);

  // Everyone present, and a peer whose socket dropped while its video still arrives. While this
  // visit's own socket is away its presence list may be empty: it stays in its own call meanwhile.
  const { camera: cameraOn, microphone: microphoneOn, screen: screenOn } = options.announced;
  const participants = useMemo(() => {
    const here = new Set(present.map((p) => p.peerId));
    const kept = peers
      .filter((p) => !here.has(p.peerId))
      .map((p) => lastSeen.get(p.peerId))
      .filter((p): p is Participant => p !== undefined);
    const selfAway = joined && lastSeen.has(peerId) && !here.has(peerId);
    if (selfAway) {
      kept.push({
        peerId,
        userId: viewer.userId,
        name: viewer.name,
        role,
        camera: cameraOn,
        microphone: microphoneOn,
        screen: screenOn,
        joinedAt,
      });
    }
    return kept.length ? [...present, ...kept].sort(byArrival) : present;
  }, [present, peers, lastSeen, joined, peerId, viewer, role, cameraOn, microphoneOn, screenOn, joinedAt]);

  // What this visit announces (camera, microphone, screen) follows the controls.
  const { camera, microphone, screen } = options.announced;
  useEffect(() => {
    if (joined) void channelRef.current?.track(meta());
  }, [joined, camera, microphone, screen, meta]);

  const setTrack = useCallback((kind: 'audio' | 'video', track: MediaStreamTrack | null) => {
    void meshRef.current?.setTrack(kind, track);
  }, []);

  /** The coach's "end for everyone": the others leave when this arrives. */
  const announceEnd = useCallback(async () => {
    await channelRef.current?.send({ type: 'broadcast', event: 'end', payload: {} });
  }, []);

  return { peerId, joined, participants, peers, trouble, endedHere, setTrack, announceEnd };
}
