import { startTransition, useEffect, useState } from 'react';

/**
 * Resolves once the browser has painted the frame being built: the next animation frame, then a
 * task after it (rendering runs between the two). For work a press starts that is not its answer
 * (sending a request: building and handing it over costs a few milliseconds, more on a slow phone),
 * so the answer on screen does not wait for it. Where no frames are drawn (a hidden tab, a test
 * without animation frames) it resolves after at most `fallbackMs`.
 */
export function afterNextPaint(fallbackMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, fallbackMs);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/**
 * False for the first frame a component is drawn in, true (in a transition) once that frame is
 * painted: what it shows at once is painted first, the rest follows (decision 212).
 */
export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    void afterNextPaint().then(() => {
      if (live) startTransition(() => setPainted(true));
    });
    return () => {
      live = false;
    };
  }, []);
  return painted;
}
