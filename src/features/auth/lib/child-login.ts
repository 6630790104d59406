/**
 * A child signs in with the username their parent gave them, not an email address. Their Auth
 * address is random and cannot be derived from the username (docs/decisions/151-child-sign-in-function.md),
 * so a username goes to the child-sign-in edge function, which finds the child and asks Auth for the
 * session. Anything typed with an `@` is an email address and signs in with Auth as typed.
 */
export const isUsername = (login: string) => !login.trim().includes('@');

/** The username as the function looks it up: trimmed, lowercase. */
export const normalizeUsername = (login: string) => login.trim().toLowerCase();

/** A child's sign-in refused (a wrong username or secret, alike), in a child's words. */
export const CHILD_LOGIN_FAILED =
  'That username or password is not right. Check it with your grown-up and try again.';

/**
 * A child's login locked after too many wrong tries (Auth's password-verification hook answers
 * invalid_credentials with its own message, which says "locked"; docs/decisions/125).
 */
export const CHILD_LOGIN_LOCKED =
  'Your login is locked because of too many wrong tries. Ask your parent to unlock it for you.';

/** Whether a sign-in was refused because the login is locked, not because the secret was wrong. */
export const isLockedRefusal = (message: string) => /\blocked\b/i.test(message);
