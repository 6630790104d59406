/** Ids in the details with the names the database gave them ({"<uuid>": "Jordan Ellis"}). */
export type AuditNames = Record<string, string>;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const readableTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A value as a person reads it: a name for an id, a local time for an instant, "none" for null. */
function show(value: unknown, names: AuditNames, formatTime: (at: Date) => string): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'string') {
    if (UUID.test(value)) return names[value.toLowerCase()] ?? names[value] ?? 'an account no longer here';
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatTime(new Date(value));
    return value;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A column's name as words: "assignee_id" → "assignee", "duration_minutes" → "duration minutes". */
function field(key: string): string {
  return key.replace(/_id$/, '').replace(/_at$/, '').replace(/_/g, ' ');
}

/**
 * Plain words for an entry's details: "enabled: false → true", "assignee: none → Jordan Ellis",
 * "starts: Nov 30, 2026, 4:30 PM → Dec 1, 2026, 4:30 PM", in the viewer's time zone.
 */
export function describeDetails(
  metadata: Record<string, unknown>,
  names: AuditNames = {},
  formatTime: (at: Date) => string = (at) => readableTime.format(at),
): string {
  const changes = metadata.changes;
  if (changes && typeof changes === 'object' && !Array.isArray(changes)) {
    return Object.entries(changes as Record<string, { from?: unknown; to?: unknown }>)
      .map(
        ([key, change]) =>
          `${field(key)}: ${show(change?.from ?? null, names, formatTime)} → ${show(change?.to ?? null, names, formatTime)}`,
      )
      .join('; ');
  }
  return Object.entries(metadata)
    .filter(([key]) => key !== 'via')
    .map(([key, value]) => `${field(key)}: ${show(value, names, formatTime)}`)
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
  LEAD_ASSIGNED: 'Lead assigned',
  LEAD_NOTE_ADDED: 'Note added to a lead',
  SESSION_CREATED: 'Session scheduled',
  SESSION_UPDATED: 'Session changed',
  SESSION_DELETED: 'Session deleted',
};

/** "Flag changed" for FLAG_UPDATED; an action without words of its own reads as its name. */
export function actionLabel(action: string): string {
  return ACTION_WORDS[action] ?? action.charAt(0) + action.slice(1).toLowerCase().replace(/_/g, ' ');
}

const ENTITY_WORDS: Record<string, string> = {
  user: 'Account',
  lead: 'Lead',
  waitlist: 'Lead',
  child: 'Child',
  coaching_session: 'Session',
  feature_flag: 'Flag',
  app_settings: 'Settings',
};

/** "Session" for coaching_session. */
export function entityLabel(entityType: string | null): string {
  if (!entityType) return '—';
  return ENTITY_WORDS[entityType] ?? entityType.replace(/_/g, ' ');
}
