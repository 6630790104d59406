import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { messages } from '@/content/messages';
import { getSupabase } from '@/lib/supabase';
import { endSession } from '../api/end-session';
import { iceServersFor } from '../api/get-ice-servers';
import { sessionRoomKeys, useSessionRoom, type SessionRoomInfo } from '../api/get-session-room';
import { useLocalMedia } from '../hooks/use-local-media';
import { useNow } from '@/lib/use-now';
import { useRoomCall, type Viewer } from '../hooks/use-room-call';
import { supportsWebRtc } from '../lib/media';
import { audioContext } from '../lib/speaking';
import { admitted, isHost, roomPhase, sessionClock, type Phase } from '../lib/room-state';
import { roomCopy } from '../room-copy';
import { CallControls, DevicePickers } from './call-controls';
import { VideoTile } from './video-tile';

export type { Viewer } from '../hooks/use-room-call';

export interface SessionRoomProps {
  sessionId: string;
  /** the signed-in viewer: their user id and the name the others see */
  viewer: Viewer;
}

function Notice({ children, tone = 'info' }: { children: React.ReactNode; tone?: 'info' | 'warn' }) {
  return (
    <p
      role={tone === 'warn' ? 'alert' : 'status'}
      className={
        tone === 'warn'
          ? 'rounded-2xl border border-sun-500 bg-sun-100 p-4 text-ink'
          : 'rounded-2xl border border-brand-200 bg-brand-50 p-4 text-ink'
      }
    >
      {children}
    </p>
  );
}

/**
 * The room once the viewer has joined: the whole screen (over the page's heading and the session's
 * details), the videos filling it and the controls kept in view at its foot. It takes the focus when
 * it opens, so a keyboard or screen reader user starts inside the call.
 */
function Stage({ children }: { children: React.ReactNode }) {
  const stage = useRef<HTMLElement>(null);
  useEffect(() => stage.current?.focus(), []);
  return (
    <section
      ref={stage}
      tabIndex={-1}
      aria-label={roomCopy.title}
      className="fixed inset-0 z-40 flex flex-col gap-2 overflow-y-auto bg-cream p-2 focus:outline-none sm:p-4"
    >
      {children}
    </section>
  );
}

/** Set while this tab is in the session's call: a reload goes straight back in. */
const rejoinKeyOf = (sessionId: string) => `ploom.session-room.joined.${sessionId}`;

const timeOf = (ms: number) => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * A session's video room: lobby (self view, devices), waiting room until the coach is there, the
 * call (a mesh of up to 4), the session clock, and the coach's "end for everyone". Who may enter
 * is decided by the server (the channel's RLS policies); this screen only explains the outcome.
 */
export function SessionRoom({ sessionId, viewer }: SessionRoomProps) {
  const query = useSessionRoom(sessionId);
  useEffect(() => {
    // Back after a reload in the middle of the call: the STUN/TURN servers and the Realtime socket
    // are fetched and opened beside the room's details, not after them.
    if (sessionStorage.getItem(rejoinKeyOf(sessionId)) !== '1') return;
    void iceServersFor(sessionId);
    void getSupabase().then((supabase) => supabase.realtime.connect());
  }, [sessionId]);
  if (!supportsWebRtc()) return <Notice tone="warn">{roomCopy.noWebRtc}</Notice>;
  if (query.isPending) return <p role="status">{messages.loading}</p>;
  if (query.isError) return <Notice tone="warn">{roomCopy.loadFailed}</Notice>;
  if (!query.data) return <Notice tone="warn">{roomCopy.notFound}</Notice>;
  return <Room session={query.data} viewer={viewer} />;
}

/** How long "Connected again." stays after a reconnection. */
const RESTORED_NOTICE_MS = 4000;

/** The call's connection as the person is told it: live, reconnecting, or just back. */
function useConnectionNotice(reconnecting: boolean): 'live' | 'reconnecting' | 'restored' {
  const [restored, setRestored] = useState(false);
  const [wasReconnecting, setWasReconnecting] = useState(reconnecting);
  if (reconnecting !== wasReconnecting) {
    setWasReconnecting(reconnecting);
    setRestored(!reconnecting);
  }
  useEffect(() => {
    if (!restored) return;
    const id = setTimeout(() => setRestored(false), RESTORED_NOTICE_MS);
    return () => clearTimeout(id);
  }, [restored]);
  return reconnecting ? 'reconnecting' : restored ? 'restored' : 'live';
}

function Room({ session, viewer }: { session: SessionRoomInfo; viewer: Viewer }) {
  const queryClient = useQueryClient();
  const now = useNow(1000);
  // A reload (or a crashed tab) during the call goes straight back in, without asking again.
  const [joinRequested, setJoinRequested] = useState(() => {
    const t = Date.now();
    return (
      sessionStorage.getItem(rejoinKeyOf(session.id)) === '1' &&
      session.status === 'scheduled' &&
      t >= session.opensAt &&
      t < session.closesAt
    );
  });
  const [endedByMe, setEndedByMe] = useState(false);
  const sendTrack = useRef<(kind: 'audio' | 'video', track: MediaStreamTrack | null) => void>(
    () => undefined,
  );
  const media = useLocalMedia(useCallback((kind, track) => sendTrack.current(kind, track), []));
  const mediaRef = useRef(media);
  useEffect(() => {
    mediaRef.current = media;
  });

  const call = useRoomCall({
    topic: session.topic,
    sessionId: session.id,
    viewer,
    role: session.viewerRole,
    // the camera and microphone are settled first, so the links start with them
    active: joinRequested && media.ready && !endedByMe,
    warm: session.status === 'scheduled' && now >= session.opensAt && now < session.closesAt,
    localMedia: () => {
      const m = mediaRef.current;
      return { stream: m.stream ?? new MediaStream(), audio: m.audio, video: m.video };
    },
    announced: {
      camera: media.cameraOn && !!media.camera,
      microphone: media.microphoneOn && !!media.audio,
      screen: !!media.screen,
    },
  });
  useEffect(() => {
    sendTrack.current = call.setTrack;
  }, [call.setTrack]);

  const endedHere = call.endedHere || endedByMe;
  const connection = useConnectionNotice(
    call.trouble === 'reconnecting' || call.peers.some((p) => p.reconnecting),
  );
  const refused = call.trouble === 'refused';
  useEffect(() => {
    // Refused or ended: read the session again (it may have been completed or moved).
    if (refused || endedHere)
      void queryClient.invalidateQueries({ queryKey: sessionRoomKeys.one(session.id) });
  }, [refused, endedHere, queryClient, session.id]);
  useEffect(() => {
    if (endedHere) mediaRef.current.stopAll();
  }, [endedHere]);

  const phase: Phase = roomPhase({
    now,
    opensAt: session.opensAt,
    closesAt: session.closesAt,
    status: session.status,
    endedHere,
    joinRequested,
    joined: call.joined,
    selfPeerId: call.peerId,
    participants: call.participants,
  });
  const clock = sessionClock(now, session.startsAt, session.endsAt);
  const isCoachSide = isHost(session.viewerRole);

  const rejoinKey = rejoinKeyOf(session.id);
  const join = useCallback(() => {
    audioContext(); // created on the click, so the others' voices and the meters may play
    setJoinRequested(true);
    sessionStorage.setItem(rejoinKey, '1');
  }, [rejoinKey]);
  const leave = () => {
    sessionStorage.removeItem(rejoinKey);
    setJoinRequested(false);
  };
  const endForAll = async () => {
    await endSession(session.id);
    await call.announceEnd();
    sessionStorage.removeItem(rejoinKey);
    setEndedByMe(true);
  };
  useEffect(() => {
    if (phase === 'ended' || phase === 'closed') sessionStorage.removeItem(rejoinKey);
  }, [phase, rejoinKey]);

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-3 shadow-sm sm:p-4">
      <div>
        <p className="font-display text-lg font-bold text-ink">
          {session.childFirstName ? `${session.childFirstName}'s session` : 'Session'}
          {session.coachName ? ` with ${session.coachName}` : ''}
        </p>
        <p className="text-sm text-ink-muted">
          Starts {timeOf(session.startsAt)} · ends {timeOf(session.endsAt)} · room open{' '}
          {timeOf(session.opensAt)}–{timeOf(session.closesAt)}
        </p>
      </div>
      <div className="min-w-40 text-right">
        <p
          data-testid="session-clock"
          aria-live="off"
          className={`font-display text-2xl font-extrabold tabular-nums ${clock.overtime ? 'text-red-700' : 'text-brand-800'}`}
        >
          {clock.label}
        </p>
        <div className="mt-1 h-2 w-full overflow-hidden rounded-full bg-brand-100" aria-hidden="true">
          <div
            className="h-full bg-brand-600"
            style={{
              width: `${(clock.elapsedSeconds / Math.max(1, (session.endsAt - session.startsAt) / 1000)) * 100}%`,
            }}
          />
        </div>
      </div>
    </div>
  );

  if (phase === 'ended' || phase === 'closed' || phase === 'too-early') {
    const text =
      phase === 'ended'
        ? call.endedHere && !endedByMe
          ? roomCopy.endedByCoach
          : roomCopy.ended
        : phase === 'closed'
          ? roomCopy.closed
          : roomCopy.tooEarly(timeOf(session.opensAt));
    return (
      <section aria-label={roomCopy.title} className="grid gap-4">
        {header}
        <Notice>{text}</Notice>
      </section>
    );
  }

  if (refused) {
    return (
      <section aria-label={roomCopy.title} className="grid gap-4">
        {header}
        <Notice tone="warn">{roomCopy.refused}</Notice>
      </section>
    );
  }

  const selfTile = (
    <VideoTile
      self
      stream={media.stream}
      trackKey={`${media.video?.id}-${media.audio?.id}`}
      name={viewer.name}
      role={session.viewerRole}
      camera={media.cameraOn && !!media.video}
      microphone={media.microphoneOn && !!media.audio}
      screen={!!media.screen}
    />
  );
  const controls = (
    <CallControls
      cameraOn={media.cameraOn}
      microphoneOn={media.microphoneOn}
      hasCamera={!!media.camera}
      hasMicrophone={!!media.audio}
      onToggleCamera={media.toggleCamera}
      onToggleMicrophone={media.toggleMicrophone}
      devices={media.devices}
      cameraId={media.cameraId}
      microphoneId={media.microphoneId}
      onChooseDevice={(kind, id) => void media.chooseDevice(kind, id).catch(() => undefined)}
      screen={
        session.viewerRole === 'coach' && typeof navigator.mediaDevices?.getDisplayMedia === 'function'
          ? {
              sharing: !!media.screen,
              onShare: () => void media.shareScreen().catch(() => undefined),
              onStop: media.stopScreen,
            }
          : undefined
      }
      onLeave={phase === 'lobby' ? undefined : leave}
      onEndForAll={isCoachSide && phase !== 'lobby' ? endForAll : undefined}
    />
  );
  const problem = media.problem ? <Notice tone="warn">{media.problem}</Notice> : null;

  if (phase === 'lobby') {
    return (
      <section aria-label={roomCopy.title} className="grid gap-4">
        {header}
        {problem}
        <div className="grid gap-4 md:grid-cols-2">
          {selfTile}
          {/* On a phone the devices and Join come first, so Join is on the first screen. */}
          <div className="order-first grid content-start gap-4 rounded-2xl bg-white p-3 shadow-sm sm:p-4 md:order-none">
            <DevicePickers
              devices={media.devices}
              cameraId={media.cameraId}
              microphoneId={media.microphoneId}
              onChooseDevice={(kind, id) => void media.chooseDevice(kind, id).catch(() => undefined)}
            />
            <Button size="lg" onClick={join} disabled={!media.ready}>
              {media.ready ? roomCopy.join : messages.loading}
            </Button>
          </div>
        </div>
      </section>
    );
  }

  if (phase === 'joining' || phase === 'waiting' || phase === 'full') {
    const here = call.participants.filter((p) => p.peerId !== call.peerId);
    return (
      <Stage>
        {header}
        {problem}
        {phase === 'joining' ? (
          <Notice>{call.trouble === 'reconnecting' ? roomCopy.reconnecting : roomCopy.joining}</Notice>
        ) : phase === 'full' ? (
          <Notice tone="warn">{roomCopy.full}</Notice>
        ) : (
          <div role="status" className="rounded-2xl border border-brand-200 bg-brand-50 p-4 text-ink">
            <p className="font-display text-xl font-bold">{roomCopy.waiting}</p>
            <p className="text-ink-muted">{roomCopy.waitingDetail}</p>
            {here.length ? (
              <p className="mt-2 text-sm">Here already: {here.map((p) => p.name).join(', ')}</p>
            ) : null}
          </div>
        )}
        <div className="w-full max-w-xl">{selfTile}</div>
        <div className="sticky bottom-0 mt-auto">{controls}</div>
      </Stage>
    );
  }

  // in-call
  const others = admitted(call.participants).filter((p) => p.peerId !== call.peerId);
  const streams = new Map(call.peers.map((p) => [p.peerId, p]));
  const sharing = others.find((p) => p.screen);
  return (
    <Stage>
      {header}
      {problem}
      {/* always in the page, so a screen reader hears "Reconnecting…" and then the return */}
      <p
        role="status"
        data-testid="connection-status"
        className={
          connection === 'reconnecting'
            ? 'rounded-2xl border border-sun-500 bg-sun-100 p-4 text-ink'
            : connection === 'restored'
              ? 'rounded-2xl border border-brand-200 bg-brand-50 p-4 text-ink'
              : 'sr-only'
        }
      >
        {connection === 'reconnecting'
          ? roomCopy.reconnecting
          : connection === 'restored'
            ? roomCopy.reconnected
            : ''}
      </p>
      <div className={`grid gap-3 ${others.length + 1 > 2 ? 'sm:grid-cols-2' : 'md:grid-cols-2'}`}>
        {(sharing ? [sharing, ...others.filter((p) => p !== sharing)] : others).map((p) => {
          const peer = streams.get(p.peerId);
          const connected = peer?.state === 'connected';
          return (
            <div key={p.peerId} className={sharing === p ? 'sm:col-span-2' : undefined}>
              <VideoTile
                peerId={p.peerId}
                stream={peer?.stream ?? null}
                trackKey={peer ? `${peer.state}-${peer.stream.getTracks().length}` : undefined}
                name={p.name}
                role={p.role}
                camera={p.camera}
                microphone={p.microphone}
                screen={p.screen}
                status={
                  connected ? undefined : peer?.reconnecting ? roomCopy.reconnecting : roomCopy.connecting
                }
              />
            </div>
          );
        })}
        <div>{selfTile}</div>
      </div>
      <div className="sticky bottom-0 mt-auto">{controls}</div>
    </Stage>
  );
}
