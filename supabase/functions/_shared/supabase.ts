import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import type { CapDecision, MailCaps } from './caps.ts';
import type { NotificationStore } from './claim.ts';
import { teamSettingsFrom, type TeamSettingsReader, type TeamSettingsRow } from './team-settings.ts';

export type { SupabaseClient };

/** An environment variable the platform must provide; its absence is a server fault (500). */
export function requireEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

let adminClient: SupabaseClient | undefined;

/**
 * The service-role client (bypasses RLS): only for the narrow reads and updates each function
 * documents, never with data the caller could use to reach other rows.
 */
export function serviceClient(): SupabaseClient {
  adminClient ??= createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'X-Client-Info': 'ploom-edge-functions' } },
  });
  return adminClient;
}

/** `ilike` pattern matching exactly `value` in any letter case (LIKE wildcards escaped). */
export function exactIlike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Turns a PostgREST error into a thrown one (the function answers 500 and logs it). */
export function check<T>(result: { data: T; error: { message: string; code?: string } | null }): T {
  if (result.error) throw new Error(`database: ${result.error.code ?? ''} ${result.error.message}`);
  return result.data;
}

/**
 * Atomically stamps `flag` (a timestamp column) on the rows of `table` with this email (any letter
 * case) created after `since` and not stamped yet, and returns them newest first: a second call
 * finds nothing. `columns` must include `created_at`.
 */
export async function claimRecentRows<Row extends { created_at: string }>(options: {
  table: string;
  flag: string;
  email: string;
  since: Date;
  columns: string;
}): Promise<Row[]> {
  const rows = check(
    await serviceClient()
      .from(options.table)
      .update({ [options.flag]: new Date().toISOString() })
      .ilike('email', exactIlike(options.email))
      .gte('created_at', options.since.toISOString())
      .is(options.flag, null)
      .select(options.columns),
  ) as unknown as Row[] | null; // the client is untyped: `columns` decides the shape
  return (rows ?? []).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** Undoes claimRecentRows for these rows, so a retry may claim them again. */
export async function releaseRows(table: string, flag: string, ids: string[]): Promise<void> {
  check(
    await serviceClient()
      .from(table)
      .update({ [flag]: null })
      .in('id', ids),
  );
}

/** A form's table whose rows are claimed through `notified_at`, each row read as `fromRow` says. */
export function notificationStore<Row extends { created_at: string }, T>(
  table: string,
  columns: string,
  fromRow: (row: Row) => T,
): NotificationStore<T> {
  return {
    async claimNotification(email, since) {
      const rows = await claimRecentRows<Row>({ table, flag: 'notified_at', email, since, columns });
      return rows.map(fromRow);
    },
    releaseNotification: (ids) => releaseRows(table, 'notified_at', ids),
  };
}

/** A row of public.reserve_mail_send. */
interface ReserveRow {
  allowed: boolean;
  reason: string | null;
  retry_after_seconds: number | null;
}

/** The sending caps kept in Postgres (rpc reserve_mail_send, callable by the service role only). */
export function serviceMailCaps(): MailCaps {
  return {
    async reserve({ fn, recipient, client }): Promise<CapDecision> {
      const row = check(
        await serviceClient()
          .rpc('reserve_mail_send', { function_name: fn, recipient, client })
          .single<ReserveRow>(),
      );
      if (!row) throw new Error('database: reserve_mail_send returned no row');
      if (row.allowed) return { allowed: true };
      return {
        allowed: false,
        reason: row.reason ?? 'Too many emails requested. Please try again later.',
        retryAfterSeconds: row.retry_after_seconds ?? 3600,
      };
    },
  };
}

/**
 * The team's settings from `public.team_settings()` (service role only), read on every call so a
 * change in /admin/settings applies to the next email; TEAM_EMAIL (`fallbackEmail`) only when the
 * row is missing.
 */
export function serviceTeamSettings(fallbackEmail: string | undefined): TeamSettingsReader {
  return async () => {
    const row = check(await serviceClient().rpc('team_settings').maybeSingle<TeamSettingsRow>());
    return teamSettingsFrom(row, fallbackEmail);
  };
}
