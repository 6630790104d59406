const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const formatDateTime = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : 'Never');
export const formatDate = (iso: string) => date.format(new Date(iso));

export const ROLE_LABELS = { admin: 'Admin', coach: 'Coach', parent: 'Parent', child: 'Child' } as const;

/** A child login's Auth user is `<username>@child.ploom.invalid` (docs/decisions/091-child-logins.md). */
const CHILD_LOGIN_EMAIL = /^(.+)@child\.ploom\.invalid$/i;

/** How an account signs in, as a person reads it: the email, or "child login: mia" for a child. */
export const loginLabel = (email: string | null): string | null => {
  const child = email ? CHILD_LOGIN_EMAIL.exec(email) : null;
  return child ? `child login: ${child[1]}` : email;
};

export const displayName = (account: { fullName: string | null; email: string | null }) =>
  account.fullName ?? loginLabel(account.email) ?? 'Unnamed account';
