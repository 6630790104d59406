import type { Fact, SchemaDiff } from './catalog.ts';

/**
 * Splits the full DDL of the project (what the migrations add to the platform bootstrap) into
 * supabase/schemas/NN_<domain>.sql: each table with its constraints, indexes, row level security,
 * policies, triggers, grants and comments; each function once, with the domain it serves; files in
 * an order in which each applies after what it needs.
 */

/** Domains in file order; a table, view or function goes to the first whose pattern its name matches. */
export const DOMAINS: { file: string; title: string; pattern: RegExp }[] = [
  {
    file: '10_auth_and_roles',
    title: 'Accounts, roles and sign-in: roles, profiles, child logins, MFA, the Auth hooks',
    pattern:
      /^(users$|user_roles|profiles|has_role|is_admin|keep_last_admin|other_active_admin|guard_admin|guard_last_admin|handle_new_user|hook_|judge_|child_login|child_sign_in|begin_child_sign_in|finish_child_sign_in|lock_child|unlock_child|set_child_login|delete_child_login|link_child_login|take_child_username|child_username|mfa_|meets_staff_two_factor|require_staff_two_factor|staff_two_factor|admin_account|account_email|confirmed_email|unconfirmed_sign_up|audit_account_change|check_request|request_client|guard_child_password|guard_child_login_account|guard_child_role|is_child_user|person_name|current_child_id)/,
  },
  {
    file: '12_families_and_children',
    title: 'Families and children: children, links, consents, notification preferences, family summaries',
    pattern:
      /^(child|children|famil(y|ies)_(list|summar|rows|links|standing|has_priority|today|change_notice)|parental_consent|consent_notice|current_consent|is_parent_of|notification_preferences|guard_child_links|rebuild_family_summaries|refresh_family_summary|profiles_refresh_family|coaches_refresh_family|delete_family_data|export_family_data|export_leaves_out|has_enrolled_child|is_enrolled_child|families_waiting|get_families_waiting|get_family_dashboard|get_family_standing)/,
  },
  {
    file: '14_leads',
    title: 'Leads: the pipeline, waitlist, newsletter, contact messages, the quiz, intro calls',
    pattern:
      /^(lead|leads|waitlist|newsletter|contact_message|quiz|email_me_quiz|attach_quiz|intro_call|book_intro_call|cancel_intro_call|issue_intro_call|get_intro_call|queue_intro_call|can_work_lead|enrol_lead|limit_rows_per_email|reserve_form_save)/,
  },
  {
    file: '16_coaches',
    title: 'Coaches and matching',
    pattern:
      /^(coach(es)?($|_)|staff_coaches|current_coach_id|coached_|match_child|get_coach_match|queue_coach_match|is_coach_of|is_current_coach_of|children_matched_at)/,
  },
  {
    file: '18_availability',
    title: 'Availability: schedules, hours, overrides, meeting rules, open slots',
    pattern:
      /^(availability|meeting_rules|save_availability|minutes_of_day|open_slots|coach_open_slots|get_coach_open_slots|check_slot_range|can_edit_schedule|schedule_host|hour_blocks)/,
  },
  {
    file: '20_sessions_and_scheduling',
    title:
      'Sessions and scheduling: sessions, series, attendance, notes, change requests, calendar feeds, the room',
    pattern:
      /^(coaching_session|session|sessions|book_|cancel_family_session|move_family_session|end_family_series|request_session|settle_session|preferred_session|calendar_feed|create_calendar_feed|delete_calendar_feed|get_calendar_feed|my_calendar_feed|lock_coach_bookings|lock_host_bookings|require_family_slot|require_open_coach_slot|family_slot_refusal|family_session|family_week_allowance|get_family_week_allowance|get_child_schedule|may_enter_session|get_session_room|is_session_coach|read_session_note|send_due_reminders|wants_session_reminders|queue_session|extend_session_series|series_horizon|guard_session_child|first_instant|check_time_zone|is_time_zone|day_part_of|is_after_school|is_night_in|priority_hold|raise_allowance_error)/,
  },
  {
    file: '22_billing',
    title: 'Billing: Stripe customers, subscriptions, invoices, plans and allowances',
    pattern:
      /^(billing|subscriptions|invoices|stripe|deleted_billing|payment_grace|plan_weekly_sessions|family_plan_kind|my_family_plan_kind|get_family_plan_kind|my_recommended_plan)/,
  },
  {
    file: '24_analytics_and_report',
    title:
      'Analytics and the report: web analytics, landing roll-ups, conversions, ad spend, the cockpit report',
    pattern:
      /^(web_analytics|analytics|landing|conversion|ad_spend|import_ad_spend|audit_ad_spend|cockpit|report_currency|report_facts|report_period|check_report_range|epoch_hour|session_landing|non_visitor|query_param|url_decode|admin_overview|compact_kept|kept_session_count|session_list_count|coaching_sessions_count|session_status_count|rebuild_session_status|rebuild_landing|rebuild_conversion)/,
  },
  {
    file: '26_messages',
    title: 'Messages between families and staff',
    pattern:
      /^(family_message|message|parent_updates|may_message_family|may_follow_family_messages|broadcast_family_message|family_conversations|send_due_message_emails|wants_family_message|purge_old_family_messages|one_line)/,
  },
  {
    file: '28_progress_and_check_ins',
    title: 'Progress: practice days, goals, check-ins, at-home tools',
    pattern:
      /^(practice|check_in|is_check_in|queue_check_in|wants_check_in|at_home_tools|child_dashboard|child_day|prepare_practice_day|guard_practice_goal|child_plan_goals)/,
  },
  {
    file: '30_points_and_rewards',
    title: 'Points and rewards',
    pattern: /^(ploom_points|family_rewards|leaderboard|guard_points_award)/,
  },
  {
    file: '32_family_plans_and_reports',
    title: 'Family plans and progress reports',
    pattern:
      /^(family_plan|is_family_plan|require_family_plan|save_family_plan|share_family_plan|review_family_plan|get_family_plan|tick_plan|plan_report_cadence|progress_report|start_progress_report|publish_progress_report|require_report|reports_due|get_reports_due|updates_due|get_updates_due)/,
  },
  {
    file: '34_outbox_and_mail',
    title: 'The outbox and mail delivery',
    pattern: /^(outbox|claim_outbox|settle_outbox|mail_send|reserve_mail_send|request_outbox|job_settings)/,
  },
  {
    file: '36_settings_and_audit',
    title: 'Settings, feature flags and the audit trail',
    pattern:
      /^(app_settings|feature_flags|team_settings|audit|kept_audit|rebuild_audit|set_updated_at|as_uuid|.*_stamp$)/,
  },
];
export const FOUNDATION = {
  file: '00_foundation',
  title: 'Schemas, extensions, types, default privileges, roles',
};
export const SHARED = {
  file: '01_shared_functions',
  title: 'Functions used by objects in earlier files than their own domain',
};
export const OTHER = {
  file: '90_other',
  title: 'Everything no domain claims (add a pattern in scripts/lib/db-schemas/layout.ts)',
};

type Kind =
  | 'schema'
  | 'extension'
  | 'type'
  | 'sequence'
  | 'foundation-other'
  | 'table'
  | 'constraint'
  | 'fk'
  | 'index'
  | 'rls'
  | 'options'
  | 'privileges'
  | 'comment'
  | 'policy'
  | 'trigger'
  | 'function'
  | 'view'
  | 'other';

const KIND_RANK: Record<Kind, number> = {
  schema: 0,
  extension: 1,
  type: 2,
  sequence: 3,
  'foundation-other': 4,
  function: 5,
  table: 10,
  view: 10,
  constraint: 12,
  fk: 12,
  index: 11,
  rls: 14,
  options: 10,
  policy: 16,
  trigger: 17,
  privileges: 18,
  comment: 19,
  other: 20,
};

interface Unit {
  sql: string;
  kind: Kind;
  /** `rel:s.t`, `fn:s.name` or `foundation` */
  group: string;
  /** the object this unit creates, when it creates one */
  provides?: string;
  deps: Set<string>;
  file: string;
  index: number;
}

const unquote = (name: string) => name.replace(/"/g, '').toLowerCase();
const IDENT = `"?[A-Za-z_][A-Za-z0-9_$]*"?`;

function qualified(text: string): string {
  const name = unquote(text);
  return name.includes('.') ? name : `public.${name}`;
}

function classify(sql: string): { kind: Kind; group: string; provides?: string } {
  let m: RegExpMatchArray | null;
  if (/^create schema/i.test(sql)) return { kind: 'schema', group: 'foundation' };
  if (/^create extension/i.test(sql)) return { kind: 'extension', group: 'foundation' };
  if ((m = sql.match(new RegExp(`^create type (${IDENT}\\.${IDENT})`, 'i'))))
    return { kind: 'type', group: 'foundation', provides: `type:${qualified(m[1])}` };
  if (/^create sequence/i.test(sql)) return { kind: 'sequence', group: 'foundation' };
  if ((m = sql.match(new RegExp(`^create (?:unlogged )?table (${IDENT}\\.${IDENT})`, 'i')))) {
    const rel = `rel:${qualified(m[1])}`;
    return { kind: 'table', group: rel, provides: rel };
  }
  if ((m = sql.match(new RegExp(`^create or replace (?:materialized )?view (${IDENT}\\.${IDENT})`, 'i')))) {
    const rel = `rel:${qualified(m[1])}`;
    return { kind: 'view', group: rel, provides: rel };
  }
  if ((m = sql.match(new RegExp(`^alter table (?:only )?(${IDENT}\\.${IDENT})`, 'i')))) {
    const group = `rel:${qualified(m[1])}`;
    if (/row level security/i.test(sql)) return { kind: 'rls', group };
    const added = sql.match(/ add constraint "?([\w$]+)"?/i);
    const provides = added ? `con:${group.slice(4)}.${added[1].toLowerCase()}` : undefined;
    if (/foreign key/i.test(sql)) return { kind: 'fk', group, provides };
    return { kind: 'constraint', group, provides };
  }
  if ((m = sql.match(new RegExp(`^alter sequence .* owned by (${IDENT}\\.${IDENT})\\.`, 'i'))))
    return { kind: 'constraint', group: `rel:${qualified(m[1])}` };
  if ((m = sql.match(new RegExp(`^create (?:unique )?index .*? on (?:only )?(${IDENT}\\.${IDENT})`, 'i'))))
    return { kind: 'index', group: `rel:${qualified(m[1])}` };
  if ((m = sql.match(new RegExp(`^create policy (?:"(?:[^"]|"")*"|\\w+)\\s+on (${IDENT}\\.${IDENT})`, 'i'))))
    return { kind: 'policy', group: `rel:${qualified(m[1])}` };
  if (
    (m = sql.match(
      /^create (?:constraint )?trigger .*?\bon ("?[\w$]+"?\."?[\w$]+"?)\s+(?:for|referencing|from|not|deferrable|initially)\b/is,
    ))
  )
    return { kind: 'trigger', group: `rel:${qualified(m[1])}` };
  if (
    (m = sql.match(new RegExp(`^create or replace (?:function|procedure) (${IDENT}\\.${IDENT})\\(`, 'i')))
  ) {
    const fn = `fn:${qualified(m[1])}`;
    return { kind: 'function', group: fn, provides: fn };
  }
  return { kind: 'other', group: 'foundation' };
}

function classifyFact(fact: Fact): { kind: Kind; group: string } {
  const [type, identity] = [
    fact.object.slice(0, fact.object.indexOf(':')),
    fact.object.slice(fact.object.indexOf(':') + 1),
  ];
  const kind: Kind = fact.kind === 'comment' ? 'comment' : fact.kind === 'options' ? 'options' : 'privileges';
  if (type === 'table' || type === 'view' || type === 'materialized view' || type === 'sequence') {
    return { kind, group: `${type === 'sequence' ? 'seq' : 'rel'}:${qualified(identity)}` };
  }
  if (type === 'function' || type === 'procedure') {
    return { kind, group: `fn:${qualified(identity.replace(/\(.*$/s, ''))}` };
  }
  if (type === 'policy' || type === 'trigger')
    return { kind, group: `rel:${qualified(identity.replace(/^.* on /, ''))}` };
  return { kind: 'foundation-other', group: 'foundation' };
}

function domainOf(name: string): string {
  const bare = name.replace(/^(rel|fn):[^.]+\./, '');
  return (DOMAINS.find((d) => d.pattern.test(bare)) ?? OTHER).file;
}

/** The text whose references must exist when the statement runs (a function's body is not checked). */
function checkedText(unit: { kind: Kind; sql: string }): string {
  if (unit.kind === 'function') return unit.sql.split(/\bAS \$[a-z_]*\$/i)[0];
  return unit.sql;
}

export interface SchemaFile {
  name: string;
  sql: string;
}

export function layOut(diff: SchemaDiff): SchemaFile[] {
  const units: Unit[] = [];
  const add = (sql: string, kind: Kind, group: string, provides?: string) =>
    units.push({ sql, kind, group, provides, deps: new Set(), file: '', index: units.length });
  for (const sql of diff.migra) {
    if (/^set check_function_bodies/i.test(sql)) continue; // each file sets it
    const c = classify(sql);
    add(sql.endsWith(';') ? sql : `${sql};`, c.kind, c.group, c.provides);
  }
  // A column's collation goes into its table's create statement (migra leaves it out there).
  const catalog = diff.catalog.filter((fact) => {
    const m = fact.sql.match(/^alter table (\S+) alter column (\S+) set data type (.+) collate (\S+);$/);
    const table = m && units.find((u) => u.kind === 'table' && u.group === `rel:${qualified(m[1])}`);
    if (!m || !table) return true;
    const column = `"${m[2].replace(/"/g, '')}"`;
    const line = new RegExp(
      `^(\\s+${column.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&')} [^\\n]*?)( not null| default |,?$)`,
      'm',
    );
    if (!line.test(table.sql)) return true;
    table.sql = table.sql.replace(line, (_, head: string, tail: string) => `${head} collate ${m[4]}${tail}`);
    return false;
  });
  for (const fact of catalog) {
    const c = classifyFact(fact);
    add(fact.sql, c.kind, c.group);
  }

  // Known objects, and what each statement refers to.
  const providers = new Map<string, Unit[]>();
  for (const u of units) if (u.provides) providers.set(u.provides, [...(providers.get(u.provides) ?? []), u]);
  // A sequence's privileges go with the table it serves (`<table>_<column>_seq`).
  for (const u of units) {
    if (!u.group.startsWith('seq:')) continue;
    const name = u.group.slice(4);
    const table = [...providers.keys()]
      .filter((k) => k.startsWith('rel:') && name.startsWith(`${k.slice(4)}_`))
      .sort((a, b) => b.length - a.length)[0];
    u.group = table ?? 'foundation';
  }
  const relationTyped = new Set<string>();
  for (const u of units) {
    const text = checkedText(u);
    for (const m of text.matchAll(/"?([a-z_][a-z0-9_]*)"?\."?([a-z_][a-z0-9_$]*)"?(\s*\()?/gi)) {
      const name = `${m[1]}.${m[2]}`.toLowerCase();
      const fn = `fn:${name}`;
      const rel = `rel:${name}`;
      if (m[3] && providers.has(fn)) u.deps.add(fn);
      else if (providers.has(rel)) u.deps.add(rel);
    }
    // What the catalog prints without a schema is in public (on the search path).
    if (['view', 'policy', 'constraint', 'fk', 'index', 'trigger', 'table', 'function'].includes(u.kind)) {
      for (const m of text.matchAll(/(?<![.\w"])"?([a-z_][a-z0-9_]*)"?(?![.\w"])(\s*\()?/gi)) {
        const fn = `fn:public.${m[1].toLowerCase()}`;
        const rel = `rel:public.${m[1].toLowerCase()}`;
        if (m[2] && providers.has(fn)) u.deps.add(fn);
        else if (providers.has(rel) && u.kind !== 'table') u.deps.add(rel);
      }
    }
    if (u.group !== 'foundation' && u.provides !== u.group) u.deps.add(u.group);
    const validated = u.sql.match(/^alter table .* validate constraint "?([\w$]+)"?/i);
    if (validated) u.deps.add(`con:${u.group.slice(4)}.${validated[1].toLowerCase()}`);
    if (u.provides) u.deps.delete(u.provides);
    if (u.kind === 'function' && [...u.deps].some((d) => d.startsWith('rel:'))) relationTyped.add(u.group);
  }

  // A trigger function serves the domain of the table its trigger is on.
  const triggerHome = new Map<string, string>();
  for (const u of units) {
    if (u.kind !== 'trigger') continue;
    for (const d of u.deps) if (d.startsWith('fn:') && !triggerHome.has(d)) triggerHome.set(d, u.group);
  }
  for (const u of units) {
    if (u.group === 'foundation') u.file = FOUNDATION.file;
    else if (u.group.startsWith('fn:') && triggerHome.has(u.group))
      u.file = domainOf(triggerHome.get(u.group)!);
    else u.file = domainOf(u.group);
  }

  // Whatever refers to an object of a later file: the function moves to the shared file (its
  // signature needs only types), or else the statement moves to that later file.
  const fileOf = (object: string) => providers.get(object)?.[0].file ?? FOUNDATION.file;
  for (let changed = true, round = 0; changed && round < 50; round++) {
    changed = false;
    for (const u of units) {
      for (const d of u.deps) {
        const target = fileOf(d);
        if (target <= u.file) continue;
        if (d.startsWith('fn:') && !relationTyped.has(d)) {
          for (const v of units) if (v.group === d) v.file = SHARED.file;
        } else {
          u.file = target;
        }
        changed = true;
      }
    }
  }

  // Within each file: groups in order of first appearance, kinds in rank order, dependencies first.
  const files = new Map<string, Unit[]>();
  for (const u of units) files.set(u.file, [...(files.get(u.file) ?? []), u]);
  const out: SchemaFile[] = [];
  const titles = new Map([FOUNDATION, SHARED, OTHER, ...DOMAINS].map((d) => [d.file, d.title]));
  for (const name of [...files.keys()].sort()) {
    const list = files.get(name)!;
    const groupOrder = new Map<string, number>();
    // Foreign keys last (as pg_dump does), once every table and key of the file exists.
    const section = (u: Unit) =>
      u.group === 'foundation'
        ? 0
        : u.kind === 'fk'
          ? 4
          : u.group.startsWith('fn:')
            ? relationTyped.has(u.group)
              ? 3
              : 1
            : 2;
    for (const u of [...list].sort((a, b) => section(a) - section(b) || a.group.localeCompare(b.group)))
      if (!groupOrder.has(u.group)) groupOrder.set(u.group, groupOrder.size);
    const key = (u: Unit) => [section(u), groupOrder.get(u.group)!, KIND_RANK[u.kind], u.index];
    const compare = (a: Unit, b: Unit) => {
      const ka = key(a);
      const kb = key(b);
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
      return 0;
    };
    const pending = [...list].sort(compare);
    const done = new Set<string>();
    const inFile = new Set(list.map((u) => u.provides).filter(Boolean));
    const ordered: Unit[] = [];
    while (pending.length) {
      let i = pending.findIndex((u) =>
        [...u.deps].every((d) => !inFile.has(d) || done.has(d) || u.provides === d),
      );
      if (i < 0) i = 0; // a cycle: keep the natural order; `check` reports what fails
      const [u] = pending.splice(i, 1);
      ordered.push(u);
      if (u.provides) done.add(u.provides);
    }
    const body = ordered.map((u) => u.sql.trim()).join('\n\n');
    out.push({
      name: `${name}.sql`,
      sql: `-- ${titles.get(name) ?? name}\n-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").\n\n-- Function bodies are checked when called, not here: objects they use may come in later files.\nset check_function_bodies = off;\n\n${body}\n`,
    });
  }
  return out;
}
