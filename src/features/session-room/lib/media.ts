import { roomCopy } from '../room-copy';

/**
 * The local camera and microphone: asked for together, then each alone when one is missing or
 * refused, so the call goes on with whatever is allowed. Each failure gets a plain explanation.
 */

export interface MediaChoice {
  cameraId?: string;
  microphoneId?: string;
}

export interface AcquiredMedia {
  stream: MediaStream;
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
  /** why something is missing, in words a parent understands (null when all is well) */
  problem: string | null;
}

export function supportsWebRtc(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.RTCPeerConnection === 'function' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** The words for a getUserMedia failure. */
export function explainMediaError(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return roomCopy.mediaBlocked;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return roomCopy.mediaMissing;
  if (name === 'NotReadableError' || name === 'AbortError') return roomCopy.mediaBusy;
  return roomCopy.mediaFailed;
}

function constraints(choice: MediaChoice, audio: boolean, video: boolean): MediaStreamConstraints {
  return {
    audio: audio
      ? {
          ...(choice.microphoneId ? { deviceId: { exact: choice.microphoneId } } : {}),
          echoCancellation: true,
          noiseSuppression: true,
        }
      : false,
    video: video
      ? {
          ...(choice.cameraId ? { deviceId: { exact: choice.cameraId } } : {}),
          width: { ideal: 640 },
          height: { ideal: 480 },
          frameRate: { ideal: 24, max: 30 },
        }
      : false,
  };
}

export async function acquireMedia(
  choice: MediaChoice = {},
  getUserMedia: (c: MediaStreamConstraints) => Promise<MediaStream> = (c) =>
    navigator.mediaDevices.getUserMedia(c),
  createStream: () => MediaStream = () => new MediaStream(),
): Promise<AcquiredMedia> {
  let firstError: unknown;
  for (const [audio, video] of [
    [true, true],
    [true, false],
    [false, true],
  ] as const) {
    try {
      const stream = await getUserMedia(constraints(choice, audio, video));
      const missing = !audio || !video;
      return {
        stream,
        audio: stream.getAudioTracks()[0] ?? null,
        video: stream.getVideoTracks()[0] ?? null,
        problem: missing ? explainMediaError(firstError) : null,
      };
    } catch (error) {
      firstError ??= error;
      // A refusal covers both: asking again for one alone would only be refused again.
      const name = (error as { name?: string } | null)?.name;
      if (name === 'NotAllowedError' || name === 'SecurityError') break;
    }
  }
  return { stream: createStream(), audio: null, video: null, problem: explainMediaError(firstError) };
}

/** One track anew from a chosen device (switching camera or microphone during the call). */
export async function acquireTrack(
  kind: 'audio' | 'video',
  deviceId: string,
  getUserMedia: (c: MediaStreamConstraints) => Promise<MediaStream> = (c) =>
    navigator.mediaDevices.getUserMedia(c),
): Promise<MediaStreamTrack> {
  const stream = await getUserMedia(
    constraints(
      kind === 'audio' ? { microphoneId: deviceId } : { cameraId: deviceId },
      kind === 'audio',
      kind === 'video',
    ),
  );
  const track = kind === 'audio' ? stream.getAudioTracks()[0] : stream.getVideoTracks()[0];
  if (!track) throw new Error(`no ${kind} track`);
  return track;
}

export interface Devices {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

export async function listDevices(): Promise<Devices> {
  const all = await navigator.mediaDevices.enumerateDevices();
  return {
    cameras: all.filter((d) => d.kind === 'videoinput' && d.deviceId),
    microphones: all.filter((d) => d.kind === 'audioinput' && d.deviceId),
  };
}
