import { useSyncExternalStore } from 'react';
import { SIGNUP_FLAG_KEY, createFlagStore, type FlagStore } from '../api/signup-flag-store';

const signupFlag = createFlagStore(SIGNUP_FLAG_KEY);

/**
 * Whether sign-up is open (feature flag `signup_enabled`), updated live. False while unknown or
 * when the flag cannot be read; `loading` tells the two apart.
 */
export function useSignupEnabled(store: FlagStore = signupFlag): { enabled: boolean; loading: boolean } {
  const value = useSyncExternalStore(store.subscribe, store.getSnapshot, () => undefined);
  return { enabled: value === true, loading: value === undefined };
}
