/**
 * A page a parent can open and print, made in the browser from the family's export (the same JSON
 * the "Download data" button saves): what Ploom holds about each child (their profile, consents,
 * sessions and whatever else the export ties to them), then about the account. It renders whatever
 * tables the export holds: known tables get a plain title and known fields a plain label; any other
 * table or field is shown too, with a title made from its name. Identifiers (UUIDs) are left out,
 * or replaced by what they point to (a session's date); times are written in the reader's zone.
 */

type Row = Record<string, unknown>;

/** The export as export_family_data returns it (decision 092); only `tables` is needed. */
export interface FamilyExport {
  exported_at?: string;
  account?: { email?: string | null; created_at?: string | null; last_sign_in_at?: string | null } | null;
  child_logins?: { child_id?: string; login?: string | null; last_sign_in_at?: string | null }[];
  tables?: Record<string, Row[] | undefined>;
}

export interface SummaryOptions {
  locale?: string;
  timeZone?: string;
}

/** Plain titles for the tables a family's export holds; others are titled from their name. */
const TABLE_TITLES: Record<string, string> = {
  profiles: 'Profile',
  children: 'Child',
  parental_consents: 'Parental consent',
  coaching_sessions: 'Sessions',
  session_notes: 'Session notes',
  session_attendance: 'Who joined each session',
  parent_updates: 'Updates from the coach',
  ploom_points: 'Ploom Points',
  family_rewards: 'Rewards',
  preferred_session_times: 'Preferred session times',
  at_home_tools: 'At-home tools',
  practice_goals: 'Practice goals',
  practice_days: 'Days practised',
  check_ins: 'Check-ins',
  check_in_invitations: 'Check-in invitations emailed',
  notification_preferences: 'Email settings',
  quiz_assessments: 'Assessment quiz answers',
  waitlist: 'Waitlist sign-up',
  contact_messages: 'Messages sent through the contact form',
  newsletter_subscribers: 'Newsletter',
  leads: 'Requests to the team',
  session_series: 'Weekly session times',
  messages: 'Messages with the coach',
  message_threads: 'Message threads',
  subscriptions: 'Plan',
  invoices: 'Invoices',
  billing_customers: 'Billing account',
};

/** The order of the sections within a child and within the account; others follow by name. */
const TABLE_ORDER = [
  'children',
  'parental_consents',
  'preferred_session_times',
  'coaching_sessions',
  'session_attendance',
  'parent_updates',
  'session_notes',
  'at_home_tools',
  'check_ins',
  'practice_goals',
  'practice_days',
  'ploom_points',
  'family_rewards',
  'profiles',
  'notification_preferences',
  'subscriptions',
  'invoices',
];

const FIELD_LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  age: 'Age',
  age_band: 'Age group',
  birth_year: 'Year of birth',
  focus_areas: 'Focus areas',
  hopes: 'What you hope for',
  notes: 'Notes',
  created_at: 'Added',
  updated_at: 'Last changed',
  starts_at: 'Starts',
  ends_at: 'Ends',
  duration_minutes: 'Length (minutes)',
  status: 'Status',
  signed_name: 'Signed by',
  method: 'How',
  given_at: 'Given',
  terms_version: 'Terms version',
  privacy_version: 'Privacy policy version',
  withdrawn_at: 'Withdrawn',
  weekday: 'Day',
  day_part: 'Part of the day',
  body: 'Text',
  shared_at: 'Shared',
  points: 'Points',
  reason: 'Why',
  awarded_at: 'Given',
  title: 'Title',
  points_needed: 'Points needed',
  instructions: 'How to',
  email: 'Email',
  phone: 'Phone',
  time_zone: 'Time zone',
  last_login_at: 'Last signed in',
  joined_at: 'Joined',
  left_at: 'Left',
  cancelled_at: 'Cancelled',
  cancellation_reason: 'Why it was cancelled',
  leaderboard_opt_in: 'On the leaderboard',
  taken_at: 'Taken',
  scores: 'Scores (0 to 100)',
  answers: 'Answers (0 = never, 4 = almost always)',
  practised_on: 'Practised on',
  due_at: 'Due',
};

/** Days of the week as preferred_session_times stores them (ISO: 1 = Monday). */
const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function humanize(key: string): string {
  const words = key.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const tableTitle = (table: string) => TABLE_TITLES[table] ?? humanize(table);
const fieldLabel = (field: string) => FIELD_LABELS[field] ?? humanize(field);

function tableRank(table: string): number {
  const index = TABLE_ORDER.indexOf(table);
  return index === -1 ? TABLE_ORDER.length : index;
}

const byTable = (a: string, b: string) => tableRank(a) - tableRank(b) || a.localeCompare(b);

/** The sort key of a row: its time, when it has one. */
function rowTime(row: Row): string {
  for (const key of ['starts_at', 'given_at', 'shared_at', 'awarded_at', 'created_at']) {
    if (typeof row[key] === 'string') return row[key];
  }
  return '';
}

interface Formatter {
  dateTime: Intl.DateTimeFormat;
  date: Intl.DateTimeFormat;
  sessionLabel: Map<string, string>;
}

/** A value as words, or null when there is nothing a person would read (an id, an empty value). */
function formatValue(field: string, value: unknown, f: Formatter): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (field === 'weekday' && WEEKDAYS[value]) return WEEKDAYS[value];
    return String(value);
  }
  if (typeof value === 'string') {
    if (UUID.test(value)) return field === 'session_id' ? (f.sessionLabel.get(value) ?? null) : null;
    if (TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))) return f.dateTime.format(new Date(value));
    if (DATE.test(value)) return f.date.format(new Date(`${value}T12:00:00Z`));
    if (field === 'day_part' && value === 'afternoon') return 'after school';
    return value;
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => formatValue(field, item, f)).filter((item) => item !== null);
    return items.length ? items.join(', ') : null;
  }
  if (typeof value === 'object') {
    const parts = Object.entries(value as Row)
      .map(([key, inner]) => {
        const text = formatValue(key, inner, f);
        return text === null ? null : `${fieldLabel(key)}: ${text}`;
      })
      .filter((part) => part !== null);
    return parts.length ? parts.join('; ') : null;
  }
  return null;
}

function renderRow(row: Row, f: Formatter, skip: ReadonlySet<string>): string {
  const items = Object.entries(row)
    .filter(([field]) => !skip.has(field) && field !== 'id' && !field.endsWith('_token'))
    .map(([field, value]) => {
      const text = formatValue(field, value, f);
      if (text === null) return '';
      const label = field === 'session_id' ? 'Session' : fieldLabel(field);
      return `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(text)}</dd></div>`;
    })
    .filter(Boolean);
  return items.length ? `<dl>${items.join('')}</dl>` : '';
}

function renderTable(
  table: string,
  rows: Row[],
  f: Formatter,
  level: 3 | 2,
  skip: ReadonlySet<string>,
): string {
  const sorted = [...rows].sort((a, b) => rowTime(a).localeCompare(rowTime(b)));
  const body = sorted
    .map((row) => renderRow(row, f, skip))
    .filter(Boolean)
    .map((dl) => `<li>${dl}</li>`)
    .join('');
  const count = rows.length === 1 ? '1 record' : `${rows.length} records`;
  return `<section><h${level}>${escapeHtml(tableTitle(table))} <span class="count">(${count})</span></h${level}>${
    body ? `<ol>${body}</ol>` : '<p>Nothing to show beyond identifiers.</p>'
  }</section>`;
}

/**
 * The summary as a whole HTML document (escaped throughout), ready to save or print. The rows of a
 * table go under a child when they name the child (child_id) or one of the child's sessions.
 */
export function renderFamilyDataSummary(exported: FamilyExport, options: SummaryOptions = {}): string {
  const locale = options.locale ?? 'en-US';
  const timeZone = options.timeZone;
  const f: Formatter = {
    dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }),
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }),
    sessionLabel: new Map(),
  };
  const tables = exported.tables ?? {};
  const children = tables.children ?? [];
  const sessions = tables.coaching_sessions ?? [];
  for (const session of sessions) {
    if (typeof session.id === 'string' && typeof session.starts_at === 'string') {
      f.sessionLabel.set(session.id, f.dateTime.format(new Date(session.starts_at)));
    }
  }
  const childOfSession = new Map(
    sessions.map((s) => [String(s.id), typeof s.child_id === 'string' ? s.child_id : null]),
  );
  const childOf = (row: Row): string | null => {
    if (typeof row.child_id === 'string') return row.child_id;
    if (typeof row.session_id === 'string') return childOfSession.get(row.session_id) ?? null;
    return null;
  };

  const childIds = new Set(children.map((c) => String(c.id)));
  const perChild = new Map<string, Map<string, Row[]>>(children.map((c) => [String(c.id), new Map()]));
  const account = new Map<string, Row[]>();
  for (const [table, rows] of Object.entries(tables)) {
    if (!rows?.length || table === 'children') continue;
    for (const row of rows) {
      const child = childOf(row);
      const target = child && childIds.has(child) ? perChild.get(child)! : account;
      target.set(table, [...(target.get(table) ?? []), row]);
    }
  }

  const logins = new Map((exported.child_logins ?? []).map((l) => [String(l.child_id), l]));
  const childSections = children
    .map((child) => {
      const name = typeof child.first_name === 'string' ? child.first_name : 'Your child';
      const login = logins.get(String(child.id));
      // `login` is the username the parent gave (the child's Auth address is never exported).
      const username = login?.login || null;
      const own = renderRow(child, f, new Set(['parent_id', 'user_id', 'coach_id']));
      const extra = [
        username ? `<p>Child login: <strong>${escapeHtml(username)}</strong></p>` : '',
        'coach_id' in child ? `<p>Coach: ${child.coach_id ? 'assigned' : 'not yet assigned'}</p>` : '',
      ].join('');
      const related = [...perChild.get(String(child.id))!.entries()]
        .sort(([a], [b]) => byTable(a, b))
        .map(([table, rows]) => renderTable(table, rows, f, 3, new Set(['child_id'])))
        .join('');
      return `<section class="child"><h2>${escapeHtml(name)}</h2>${own}${extra}${related}</section>`;
    })
    .join('');

  const accountRows = [...account.entries()]
    .sort(([a], [b]) => byTable(a, b))
    .map(([table, rows]) => renderTable(table, rows, f, 3, new Set()))
    .join('');
  const accountFacts = exported.account
    ? renderRow(
        {
          email: exported.account.email,
          created_at: exported.account.created_at,
          last_login_at: exported.account.last_sign_in_at,
        },
        f,
        new Set(),
      )
    : '';
  const exportedAt =
    typeof exported.exported_at === 'string' ? f.dateTime.format(new Date(exported.exported_at)) : '';

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your family's data at Ploom</title>
<style>
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1d2433; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
  h1 { color: #143f30; } h2 { margin-top: 2rem; border-bottom: 2px solid #217f5b; padding-bottom: .25rem; }
  h3 { margin-top: 1.25rem; } .count { font-weight: normal; color: #4a5468; font-size: .9em; }
  ol { padding-left: 1.25rem; } li { margin: .5rem 0; }
  dl { display: grid; grid-template-columns: minmax(8rem, 14rem) 1fr; gap: .125rem 1rem; margin: 0; }
  dl > div { display: contents; } dt { font-weight: 600; } dd { margin: 0; white-space: pre-wrap; }
  .note { color: #4a5468; }
  @media print { body { margin: 0; } section.child { break-before: page; } }
</style>
</head>
<body>
<main>
<h1>Your family's data at Ploom</h1>
<p class="note">Everything Ploom holds about your family${exportedAt ? `, as of ${escapeHtml(exportedAt)}` : ''}. It is the same data as the JSON file from your account's "Your data" page, written out to read and print; internal identifiers are left out.</p>
${childSections || '<p>No children are on your account.</p>'}
<section><h2>Your account</h2>${accountFacts}${accountRows}</section>
</main>
</body>
</html>
`;
}
