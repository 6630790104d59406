import { useCallback, useEffect, useRef, useState } from 'react';
import { acquireMedia, acquireTrack, listDevices, supportsWebRtc, type Devices } from '../lib/media';
import { roomCopy } from '../room-copy';

export interface LocalMediaState {
  stream: MediaStream | null;
  audio: MediaStreamTrack | null;
  /** the camera's track (kept while the screen is shared) */
  camera: MediaStreamTrack | null;
  /** what is sent as video: the screen while sharing, else the camera */
  video: MediaStreamTrack | null;
  screen: MediaStreamTrack | null;
  cameraOn: boolean;
  microphoneOn: boolean;
  problem: string | null;
  ready: boolean;
  devices: Devices;
  cameraId: string | undefined;
  microphoneId: string | undefined;
}

const noDevices: Devices = { cameras: [], microphones: [] };

/**
 * The viewer's camera and microphone, from the lobby on: acquired once (with the fallbacks of
 * media.ts), switchable between devices, mutable, and stopped when the room is left.
 * `onTrackChange` tells the call which track to send now.
 */
export function useLocalMedia(
  onTrackChange: (kind: 'audio' | 'video', track: MediaStreamTrack | null) => void,
) {
  const [state, setState] = useState<LocalMediaState>({
    stream: null,
    audio: null,
    camera: null,
    video: null,
    screen: null,
    cameraOn: true,
    microphoneOn: true,
    problem: null,
    ready: false,
    devices: noDevices,
    cameraId: undefined,
    microphoneId: undefined,
  });
  const stateRef = useRef(state);
  const onTrackChangeRef = useRef(onTrackChange);
  useEffect(() => {
    stateRef.current = state;
    onTrackChangeRef.current = onTrackChange;
  });

  useEffect(() => {
    if (!supportsWebRtc()) return;
    let cancelled = false;
    let acquired: MediaStream | undefined;
    void (async () => {
      const media = await acquireMedia();
      acquired = media.stream;
      if (cancelled) {
        media.stream.getTracks().forEach((t) => t.stop());
        return;
      }
      const devices = await listDevices().catch(() => noDevices);
      setState((s) => ({
        ...s,
        stream: media.stream,
        audio: media.audio,
        camera: media.video,
        video: media.video,
        problem: media.problem,
        ready: true,
        devices,
        cameraId: media.video?.getSettings().deviceId,
        microphoneId: media.audio?.getSettings().deviceId,
      }));
    })();
    return () => {
      cancelled = true;
      acquired?.getTracks().forEach((t) => t.stop());
      stateRef.current.screen?.stop();
    };
  }, []);

  const toggleCamera = useCallback(() => {
    const { camera, cameraOn } = stateRef.current;
    if (camera) camera.enabled = !cameraOn;
    setState((s) => ({ ...s, cameraOn: !cameraOn }));
  }, []);

  const toggleMicrophone = useCallback(() => {
    const { audio, microphoneOn } = stateRef.current;
    if (audio) audio.enabled = !microphoneOn;
    setState((s) => ({ ...s, microphoneOn: !microphoneOn }));
  }, []);

  const chooseDevice = useCallback(async (kind: 'audio' | 'video', deviceId: string) => {
    const current = stateRef.current;
    const old = kind === 'audio' ? current.audio : current.camera;
    const track = await acquireTrack(kind, deviceId);
    track.enabled = kind === 'audio' ? current.microphoneOn : current.cameraOn;
    if (current.stream) {
      if (old) current.stream.removeTrack(old);
      current.stream.addTrack(track);
    }
    old?.stop();
    const sendNow = kind === 'audio' || !current.screen;
    if (sendNow) onTrackChangeRef.current(kind, track);
    setState((s) =>
      kind === 'audio'
        ? { ...s, audio: track, microphoneId: deviceId, problem: null }
        : { ...s, camera: track, video: s.screen ?? track, cameraId: deviceId, problem: null },
    );
  }, []);

  const stopScreen = useCallback(() => {
    const { screen, camera } = stateRef.current;
    if (!screen) return;
    screen.onended = null;
    screen.stop();
    onTrackChangeRef.current('video', camera);
    setState((s) => ({ ...s, screen: null, video: s.camera }));
  }, []);

  const shareScreen = useCallback(async () => {
    const display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    const screen = display.getVideoTracks()[0];
    if (!screen) throw new Error(roomCopy.screenFailed);
    screen.contentHint = 'detail';
    // The browser's own "Stop sharing" button ends the track.
    screen.onended = () => stopScreen();
    onTrackChangeRef.current('video', screen);
    setState((s) => ({ ...s, screen, video: screen }));
  }, [stopScreen]);

  const stopAll = useCallback(() => {
    const { stream, screen } = stateRef.current;
    stream?.getTracks().forEach((t) => t.stop());
    screen?.stop();
  }, []);

  return { ...state, toggleCamera, toggleMicrophone, chooseDevice, shareScreen, stopScreen, stopAll };
}
