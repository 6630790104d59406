/**
 * Runs `task` once the page has loaded and the browser is idle, so optional work (analytics,
 * loading supabase-js for the nav) never competes with the first paint. Returns a canceller.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      idleHandle = window.requestIdleCallback(() => !cancelled && task(), { timeout: timeoutMs });
    } else {
      timer = setTimeout(() => !cancelled && task(), 1);
    }
  };
  const onLoad = () => schedule();
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', onLoad);
    if (idleHandle !== undefined && typeof window.cancelIdleCallback === 'function') {
      window.cancelIdleCallback(idleHandle);
    }
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** Resolves once the page has loaded and the browser is idle (see whenIdle). */
export function afterIdle(timeoutMs?: number): Promise<void> {
  return new Promise((resolve) => whenIdle(resolve, timeoutMs));
}
