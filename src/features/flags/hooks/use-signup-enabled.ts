import { SIGNUP_FLAG_KEY, useFlag, type FlagOptions } from '../api/get-flag';

/**
 * Whether sign-up is open (feature flag `signup_enabled`), updated live. False while unknown or
 * when the flag cannot be read; `loading` tells the two apart.
 */
export function useSignupEnabled(options: FlagOptions = {}): { enabled: boolean; loading: boolean } {
  const value = useFlag(SIGNUP_FLAG_KEY, options);
  return { enabled: value === true, loading: value === undefined };
}
