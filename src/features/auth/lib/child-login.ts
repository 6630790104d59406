/**
 * A child signs in with the username their parent gave them, not an email address: their Auth
 * user is `<username>@child.ploom.invalid` (docs/decisions/091-child-logins.md; the child-accounts
 * edge function creates it). Anything typed with an `@` is an email address and is sent as typed.
 */
export const CHILD_EMAIL_DOMAIN = 'child.ploom.invalid';

export const isUsername = (login: string) => !login.includes('@');

/** The address Auth knows this login by. */
export function loginEmail(login: string): string {
  const value = login.trim();
  return isUsername(value) ? `${value.toLowerCase()}@${CHILD_EMAIL_DOMAIN}` : value;
}

/** A child's sign-in refused (Auth's "Invalid login credentials"), in a child's words. */
export const CHILD_LOGIN_FAILED =
  'That username or password is not right. Check it with your grown-up and try again.';

/**
 * A child's login locked after too many wrong tries (Auth's password-verification hook answers
 * invalid_credentials with its own message, which says "locked"; docs/decisions/125).
 */
export const CHILD_LOGIN_LOCKED =
  'Your login is locked because of too many wrong tries. Ask your parent to unlock it for you.';

/** Whether Auth refused a sign-in because the login is locked, not because the secret was wrong. */
export const isLockedRefusal = (message: string) => /\blocked\b/i.test(message);
