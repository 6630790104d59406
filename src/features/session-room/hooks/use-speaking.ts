import { useEffect, useState } from 'react';
import { watchSpeaking } from '../lib/speaking';

/** Whether the audio of `stream` is speaking now (false without a stream or audio). */
export function useSpeaking(stream: MediaStream | null, audioTrackId: string | undefined): boolean {
  const [speaking, setSpeaking] = useState(false);
  useEffect(() => {
    if (!stream || !audioTrackId) return;
    const stop = watchSpeaking(stream, setSpeaking);
    return () => {
      stop();
      setSpeaking(false);
    };
  }, [stream, audioTrackId]);
  return speaking;
}
