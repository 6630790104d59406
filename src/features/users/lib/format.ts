const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const formatDateTime = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : 'Never');
export const formatDate = (iso: string) => date.format(new Date(iso));

export const ROLE_LABELS = { admin: 'Admin', coach: 'Coach', parent: 'Parent', child: 'Child' } as const;

export const displayName = (account: { fullName: string | null; email: string | null }) =>
  account.fullName ?? account.email ?? 'Unnamed account';
