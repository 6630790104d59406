import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { whenIdle } from '@/lib/when-idle';

type Flag = ReturnType<typeof import('../api/get-flag').followedFlag>;

/** The flag once its code has loaded (the first page's idle moment); every later nav reads it. */
let followed: Flag | undefined;

const noSubscription = () => () => undefined;
const knownValue = () => followed?.snapshot() === true;
const unknownValue = () => false;

/**
 * Whether sign-up is open, for the nav of every page: the flag's code (its read and its Realtime
 * channel) is fetched once the page is idle, so it is no part of a landing page's first load; until
 * then, as in the prerendered HTML and while hydrating, the flag is unknown, which reads as closed.
 * A nav mounted later (after a navigation) starts from the known value, so its links do not flash.
 * Changes render as a transition: the nav's links change without holding the main thread.
 */
export function useSignupEnabledWhenIdle(): boolean {
  const known = useSyncExternalStore(noSubscription, knownValue, unknownValue);
  const [live, setLive] = useState<boolean>();
  useEffect(() => {
    let stopped = false;
    let unsubscribe: (() => void) | undefined;
    const follow = (flag: Flag) => {
      const update = () => startTransition(() => setLive(flag.snapshot() === true));
      unsubscribe = flag.subscribe(update);
      update();
    };
    if (followed) {
      follow(followed);
      return () => unsubscribe?.();
    }
    const cancel = whenIdle(() => {
      void import('../api/get-flag').then(
        ({ followedFlag, SIGNUP_FLAG_KEY }) => {
          followed ??= followedFlag(SIGNUP_FLAG_KEY);
          if (!stopped) follow(followed);
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
  return live ?? known;
}
