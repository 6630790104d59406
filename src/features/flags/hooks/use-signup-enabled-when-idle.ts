import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '@/lib/when-idle';

/**
 * Whether sign-up is open, for the nav of every page: the flag's code (its read and its Realtime
 * channel) is fetched once the page is idle, so it is no part of a landing page's first load; until
 * then, as in the prerendered HTML, the flag is unknown, which reads as closed. Its changes render
 * as a transition: the nav's links change without holding the main thread in one piece.
 */
export function useSignupEnabledWhenIdle(): boolean {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    let stopped = false;
    let unsubscribe: (() => void) | undefined;
    const cancel = whenIdle(() => {
      void import('../api/get-flag').then(
        ({ followedFlag, SIGNUP_FLAG_KEY }) => {
          if (stopped) return;
          const flag = followedFlag(SIGNUP_FLAG_KEY);
          const update = () => startTransition(() => setEnabled(flag.snapshot() === true));
          unsubscribe = flag.subscribe(update);
          update();
        },
        () => undefined,
      );
    });
    return () => {
      stopped = true;
      cancel();
      unsubscribe?.();
    };
  }, []);
  return enabled;
}
