import { useEffect, useRef } from 'react';
import { MicOff, MonitorUp } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useSpeaking } from '../hooks/use-speaking';
import { roomCopy } from '../room-copy';
import type { RoomRole } from '../lib/room-state';

export interface VideoTileProps {
  stream: MediaStream | null;
  name: string;
  role: RoomRole;
  /** the viewer's own tile: mirrored, silent */
  self?: boolean;
  camera: boolean;
  microphone: boolean;
  screen?: boolean;
  /** e.g. "connecting…" */
  status?: string;
  peerId?: string;
  /** the stream's tracks changed (a new audio track means a new meter) */
  trackKey?: string;
}

/** One participant: their video (or their initial when the camera is off), name and state. */
export function VideoTile({
  stream,
  name,
  role,
  self,
  camera,
  microphone,
  screen,
  status,
  peerId,
  trackKey,
}: VideoTileProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const audioTrackId = stream?.getAudioTracks()[0]?.id;
  const speaking = useSpeaking(stream, microphone ? audioTrackId : undefined);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    if (stream) void video.play().catch(() => undefined);
  }, [stream, trackKey]);

  const label = self ? `${name} (${roomCopy.you})` : name;
  return (
    <figure
      data-testid={self ? 'self-tile' : 'remote-tile'}
      data-peer-id={peerId}
      data-speaking={speaking ? 'true' : 'false'}
      className={cn(
        'relative aspect-video overflow-hidden rounded-2xl bg-ink ring-4 transition-shadow',
        speaking ? 'ring-sun-400' : 'ring-transparent',
      )}
    >
      <video
        ref={videoRef}
        autoPlay
        playsInline
        muted={self}
        aria-label={`${label}: video`}
        className={cn(
          'h-full w-full object-cover',
          self && !screen && '-scale-x-100',
          !camera && !screen && 'invisible',
          screen && 'object-contain',
        )}
      />
      {!camera && !screen ? (
        <div aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
          <span className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-700 font-display text-3xl font-extrabold text-white">
            {name.slice(0, 1).toUpperCase()}
          </span>
        </div>
      ) : null}
      <figcaption className="absolute bottom-2 left-2 flex items-center gap-2 rounded-full bg-ink/70 px-3 py-1 text-sm font-semibold text-white">
        {screen ? <MonitorUp className="h-4 w-4" aria-hidden="true" /> : null}
        <span>{label}</span>
        <span className="font-normal text-white/80">· {roomCopy.roleLabel[role]}</span>
        {!microphone ? (
          <>
            <MicOff className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only">{roomCopy.muted}</span>
          </>
        ) : null}
        {speaking ? <span className="sr-only">{roomCopy.speaking}</span> : null}
        {status ? <span className="font-normal text-white/80">{status}</span> : null}
      </figcaption>
    </figure>
  );
}
