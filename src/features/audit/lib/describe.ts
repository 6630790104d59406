/** Plain words for an entry's details: "enabled: false → true", "role: coach", "status: new → contacted". */
export function describeDetails(metadata: Record<string, unknown>): string {
  const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  const changes = metadata.changes;
  if (changes && typeof changes === 'object' && !Array.isArray(changes)) {
    return Object.entries(changes as Record<string, { from?: unknown; to?: unknown }>)
      .map(([key, change]) => `${key}: ${show(change?.from ?? null)} → ${show(change?.to ?? null)}`)
      .join('; ');
  }
  return Object.entries(metadata)
    .filter(([key]) => key !== 'via')
    .map(([key, value]) => `${key}: ${show(value)}`)
    .join('; ');
}

const ACTION_WORDS: Record<string, string> = {
  ROLE_GRANTED: 'Role granted',
  ROLE_REVOKED: 'Role removed',
  ROLE_CHANGED: 'Role changed',
  USER_INVITED: 'User invited',
  USER_DEACTIVATED: 'User deactivated',
  USER_REACTIVATED: 'User reactivated',
  USER_LOGIN: 'Signed in',
  USER_LOGOUT: 'Signed out',
  FLAG_CREATED: 'Flag added',
  FLAG_UPDATED: 'Flag changed',
  FLAG_DELETED: 'Flag removed',
  SETTINGS_CHANGED: 'Settings changed',
  LEAD_STATUS_CHANGED: 'Lead status changed',
  SESSION_CREATED: 'Session scheduled',
  SESSION_UPDATED: 'Session changed',
  SESSION_DELETED: 'Session deleted',
};

/** "Flag changed" for FLAG_UPDATED; an action without words of its own reads as its name. */
export function actionLabel(action: string): string {
  return ACTION_WORDS[action] ?? action.charAt(0) + action.slice(1).toLowerCase().replace(/_/g, ' ');
}
