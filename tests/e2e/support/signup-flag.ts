import { signedInClient } from '../../support/stack.ts';
import { holding } from './locks.ts';

/**
 * The signup_enabled flag is one row that every spec on the stack meets: while it is off, Auth
 * refuses sign-ups and invitations and the site hides its sign-up links. A test that switches it
 * off holds the lock alone, and switches it on again before letting go; a test that signs someone
 * up holds it shared, for as long as the sign-up takes.
 */

/** Runs `work` while sign-up is open: no other test switches it off meanwhile. */
export function withSignupOpen<T>(work: () => Promise<T>): Promise<T> {
  return holding('signup_enabled', 'shared', () => work());
}

/**
 * Runs `work`, which may switch sign-up off (with the setter it is given, or through the admin's
 * settings screen), while no other test signs anyone up; sign-up is on again afterwards.
 */
export function whileSwitchingSignup<T>(
  work: (setSignupEnabled: (enabled: boolean) => Promise<void>) => Promise<T>,
): Promise<T> {
  return holding('signup_enabled', 'alone', async (db) => {
    const setSignupEnabled = async (enabled: boolean) => {
      await db.query(`update public.feature_flags set enabled = $1 where key = 'signup_enabled'`, [enabled]);
    };
    try {
      return await work(setSignupEnabled);
    } finally {
      await setSignupEnabled(true);
    }
  });
}

/** `signedInClient` (a new, confirmed account) while sign-up is open. */
export function signedUpClient(
  overrides: Parameters<typeof signedInClient>[0] = {},
): ReturnType<typeof signedInClient> {
  return withSignupOpen(() => signedInClient(overrides));
}
