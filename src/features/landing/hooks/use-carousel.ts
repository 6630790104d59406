import { useCallback, useEffect, useState } from 'react';

export interface CarouselOptions {
  count: number;
  intervalMs: number;
  /** While paused it does not advance (hover, focus, the pause button, reduced motion). */
  paused?: boolean;
}

/**
 * The index of a looping carousel that advances every `intervalMs`. Jumping to an item restarts
 * the interval, so the chosen item gets its full time.
 */
export function useCarousel({ count, intervalMs, paused = false }: CarouselOptions) {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [paused, count, intervalMs, index]);

  const goTo = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  return { index, goTo };
}
