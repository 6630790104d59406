/**
 * Who is speaking: the loudness of an audio track, sampled a few times a second. Pure decision
 * (`isSpeaking`) plus a small meter on the Web Audio API.
 */

/** RMS level (0..1) above which a voice counts as speaking. */
export const SPEAKING_LEVEL = 0.02;
/** how long the indicator stays lit after the level drops (ms), so it does not flicker */
export const SPEAKING_HOLD_MS = 600;

export function rmsLevel(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / samples.length);
}

export function isSpeaking(level: number, lastLoudAt: number | null, now: number): boolean {
  if (level >= SPEAKING_LEVEL) return true;
  return lastLoudAt !== null && now - lastLoudAt < SPEAKING_HOLD_MS;
}

let sharedContext: AudioContext | undefined;

/** One AudioContext for the page, created (and resumed) on the Join click. */
export function audioContext(): AudioContext | undefined {
  if (typeof AudioContext === 'undefined') return undefined;
  sharedContext ??= new AudioContext();
  if (sharedContext.state === 'suspended') void sharedContext.resume();
  return sharedContext;
}

/** Calls `onChange` with whether the stream's audio is speaking; returns a stop function. */
export function watchSpeaking(stream: MediaStream, onChange: (speaking: boolean) => void): () => void {
  const context = audioContext();
  if (!context || stream.getAudioTracks().length === 0) return () => undefined;
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let lastLoudAt: number | null = null;
  let speaking = false;
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    const level = rmsLevel(samples);
    const now = Date.now();
    if (level >= SPEAKING_LEVEL) lastLoudAt = now;
    const next = isSpeaking(level, lastLoudAt, now);
    if (next !== speaking) {
      speaking = next;
      onChange(next);
    }
  }, 150);
  return () => {
    clearInterval(timer);
    source.disconnect();
  };
}
