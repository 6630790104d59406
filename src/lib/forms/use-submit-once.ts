import { useRef } from 'react';

/**
 * A guard for a form's submit handler: while one submission is in flight, further submits (a
 * double click, Enter held down) are ignored. Returns the wrapped handler.
 */
export function useSubmitOnce<Args extends unknown[]>(
  handler: (...args: Args) => Promise<void>,
): (...args: Args) => Promise<void> {
  const inFlight = useRef(false);
  return async (...args: Args) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await handler(...args);
    } finally {
      inFlight.current = false;
    }
  };
}
