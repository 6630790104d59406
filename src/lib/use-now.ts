import { useEffect, useState } from 'react';

/**
 * The current time (ms), read again every `intervalMs`: a Join button opens, a session clock
 * ticks, a "today" list moves on, without a reload.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
