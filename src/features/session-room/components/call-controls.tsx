import { useState } from 'react';
import { Mic, MicOff, MonitorUp, MonitorX, PhoneOff, Video, VideoOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { Devices } from '../lib/media';
import { roomCopy } from '../room-copy';

const roundButton =
  'inline-flex h-12 w-12 items-center justify-center rounded-full border-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-50';

export interface CallControlsProps {
  cameraOn: boolean;
  microphoneOn: boolean;
  hasCamera: boolean;
  hasMicrophone: boolean;
  onToggleCamera: () => void;
  onToggleMicrophone: () => void;
  devices: Devices;
  cameraId: string | undefined;
  microphoneId: string | undefined;
  onChooseDevice: (kind: 'audio' | 'video', deviceId: string) => void;
  /** the coach shares their screen; undefined hides the button */
  screen?: { sharing: boolean; onShare: () => void; onStop: () => void };
  onLeave?: () => void;
  /** the coach (or an admin) ends the session for everyone */
  onEndForAll?: () => Promise<void>;
}

export function DevicePickers({
  devices,
  cameraId,
  microphoneId,
  onChooseDevice,
}: Pick<CallControlsProps, 'devices' | 'cameraId' | 'microphoneId' | 'onChooseDevice'>) {
  const select =
    'min-h-11 w-full rounded-xl border border-brand-200 bg-white px-3 text-sm text-ink focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700';
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <label className="grid gap-1 text-sm font-semibold text-ink">
        {roomCopy.camera}
        <select
          className={select}
          value={cameraId ?? ''}
          disabled={devices.cameras.length === 0}
          onChange={(e) => onChooseDevice('video', e.target.value)}
        >
          {devices.cameras.length === 0 ? <option value="">—</option> : null}
          {devices.cameras.map((d, i) => (
            <option key={d.deviceId} value={d.deviceId}>
              {d.label || `${roomCopy.camera} ${i + 1}`}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm font-semibold text-ink">
        {roomCopy.microphone}
        <select
          className={select}
          value={microphoneId ?? ''}
          disabled={devices.microphones.length === 0}
          onChange={(e) => onChooseDevice('audio', e.target.value)}
        >
          {devices.microphones.length === 0 ? <option value="">—</option> : null}
          {devices.microphones.map((d, i) => (
            <option key={d.deviceId} value={d.deviceId}>
              {d.label || `${roomCopy.microphone} ${i + 1}`}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The bar under the call: microphone, camera, screen, devices, leave, end for everyone. */
export function CallControls(props: CallControlsProps) {
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const [ending, setEnding] = useState(false);
  const { cameraOn, microphoneOn, hasCamera, hasMicrophone, screen } = props;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-center gap-3 rounded-2xl bg-white p-3 shadow-sm">
      <button
        type="button"
        className={cn(
          roundButton,
          microphoneOn && hasMicrophone
            ? 'border-brand-700 text-brand-800'
            : 'border-red-700 bg-red-50 text-red-800',
        )}
        onClick={props.onToggleMicrophone}
        disabled={!hasMicrophone}
        aria-pressed={!microphoneOn}
        aria-label={microphoneOn ? roomCopy.micOff : roomCopy.micOn}
        title={microphoneOn ? roomCopy.micOff : roomCopy.micOn}
      >
        {microphoneOn && hasMicrophone ? <Mic aria-hidden="true" /> : <MicOff aria-hidden="true" />}
      </button>
      <button
        type="button"
        className={cn(
          roundButton,
          cameraOn && hasCamera ? 'border-brand-700 text-brand-800' : 'border-red-700 bg-red-50 text-red-800',
        )}
        onClick={props.onToggleCamera}
        disabled={!hasCamera}
        aria-pressed={!cameraOn}
        aria-label={cameraOn ? roomCopy.cameraOff : roomCopy.cameraOn}
        title={cameraOn ? roomCopy.cameraOff : roomCopy.cameraOn}
      >
        {cameraOn && hasCamera ? <Video aria-hidden="true" /> : <VideoOff aria-hidden="true" />}
      </button>
      {screen ? (
        <button
          type="button"
          className={cn(
            roundButton,
            screen.sharing ? 'border-sun-500 bg-sun-100 text-ink' : 'border-brand-700 text-brand-800',
          )}
          onClick={screen.sharing ? screen.onStop : screen.onShare}
          aria-pressed={screen.sharing}
          aria-label={screen.sharing ? roomCopy.stopSharing : roomCopy.shareScreen}
          title={screen.sharing ? roomCopy.stopSharing : roomCopy.shareScreen}
        >
          {screen.sharing ? <MonitorX aria-hidden="true" /> : <MonitorUp aria-hidden="true" />}
        </button>
      ) : null}
      <details className="relative">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-full px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          Devices
        </summary>
        <div className="absolute bottom-full left-1/2 z-10 mb-2 w-80 -translate-x-1/2 rounded-2xl bg-white p-4 shadow-lg">
          <DevicePickers {...props} />
        </div>
      </details>
      {props.onLeave ? (
        <Button variant="secondary" size="sm" onClick={props.onLeave}>
          <PhoneOff className="h-4 w-4" aria-hidden="true" /> {roomCopy.leave}
        </Button>
      ) : null}
      {props.onEndForAll ? (
        confirmingEnd ? (
          <div role="group" aria-label={roomCopy.confirmEnd} className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-ink">{roomCopy.confirmEnd}</span>
            <Button
              size="sm"
              className="bg-red-700 hover:bg-red-800"
              disabled={ending}
              onClick={async () => {
                setEnding(true);
                try {
                  await props.onEndForAll?.();
                } finally {
                  setEnding(false);
                }
              }}
            >
              Yes, end it
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirmingEnd(false)}>
              Cancel
            </Button>
          </div>
        ) : (
          <Button size="sm" className="bg-red-700 hover:bg-red-800" onClick={() => setConfirmingEnd(true)}>
            {roomCopy.endForAll}
          </Button>
        )
      ) : null}
    </div>
  );
}
