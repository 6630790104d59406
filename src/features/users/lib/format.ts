const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const formatDateTime = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : 'Never');
export const formatDate = (iso: string) => date.format(new Date(iso));

export const ROLE_LABELS = { admin: 'Admin', coach: 'Coach', parent: 'Parent', child: 'Child' } as const;

/**
 * How an account signs in, as a person reads it: the email, or "child login: mia" for a child, by
 * the username the parent gave. A child's Auth address is a random identifier, never shown
 * (docs/decisions/151-child-sign-in-function.md); the users list does not even send it.
 */
export const loginLabel = (account: { email: string | null; childUsername: string | null }): string | null =>
  account.childUsername ? `child login: ${account.childUsername}` : account.email;

export const displayName = (account: {
  fullName: string | null;
  email: string | null;
  childUsername: string | null;
}) => account.fullName ?? loginLabel(account) ?? 'Unnamed account';
