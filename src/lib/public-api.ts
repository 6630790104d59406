import type { RealtimeClient } from '@supabase/realtime-js';
import type { Database } from '@/types/database';
import { env } from './env';
import { mightHaveSession } from './stored-session';
import { getSupabase, loadedSupabase, type Supabase } from './supabase';

type Tables = Database['public']['Tables'];

/** What a live query needs of a client: its Realtime channels. */
export type RealtimeLike = Pick<Supabase, 'channel' | 'removeChannel'>;

/** An error PostgREST answered with (the fields supabase-js's PostgrestError carries). */
export class PublicApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PublicApiError';
  }
}

/**
 * Whether this visitor needs supabase-js's whole client: it has loaded already, or a session may
 * exist (the visitor's own rows, their token). A signed-out visitor on a public page does not: what
 * such a page reads and writes is public, and the client's auth part alone costs a phone's main
 * thread tens of milliseconds to start.
 */
const wantsClient = () => loadedSupabase() !== undefined || mightHaveSession();

const restHeaders = () => ({
  apikey: env.supabaseAnonKey,
  Authorization: `Bearer ${env.supabaseAnonKey}`,
});

async function failure(response: Response): Promise<PublicApiError> {
  const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
  return new PublicApiError(body.message ?? response.statusText, body.code ?? '', response.status);
}

/** Inserts a row as the visitor (no row is read back: visitors may not read these tables). */
export async function insertPublicRow<T extends keyof Tables>(
  table: T,
  row: Tables[T]['Insert'],
): Promise<void> {
  if (wantsClient()) {
    const supabase = await getSupabase();
    // The table's Insert type is checked by this function's signature.
    const { error } = await supabase.from(table).insert(row as never);
    if (error) throw error;
    return;
  }
  const response = await fetch(`${env.supabaseUrl}/rest/v1/${table}`, {
    method: 'POST',
    headers: { ...restHeaders(), 'Content-Type': 'application/json', Prefer: 'return=minimal' },
    body: JSON.stringify(row),
    keepalive: true,
  });
  if (!response.ok) throw await failure(response);
}

/** The rows of a public read, as PostgREST's query string selects them (`feature_flags?select=…`). */
export async function selectPublic<Row>(table: keyof Tables, query: Record<string, string>): Promise<Row[]> {
  if (wantsClient()) {
    const supabase = await getSupabase();
    let builder = supabase.from(table).select(query.select ?? '*');
    for (const [column, filter] of Object.entries(query)) {
      if (column === 'select') continue;
      const dot = filter.indexOf('.');
      builder = builder.filter(column, filter.slice(0, dot), filter.slice(dot + 1));
    }
    const { data, error } = await builder;
    if (error) throw error;
    return data as Row[];
  }
  const response = await fetch(`${env.supabaseUrl}/rest/v1/${table}?${new URLSearchParams(query)}`, {
    headers: restHeaders(),
  });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as Row[];
}

let realtime: Promise<RealtimeClient> | undefined;

/**
 * Realtime for a live query: the whole client's when the visitor needs it (their token decides what
 * they may follow), otherwise a Realtime client of its own with the anon key.
 */
export function getRealtime(): Promise<RealtimeLike> {
  if (wantsClient()) return getSupabase();
  realtime ??= import('@supabase/realtime-js').then(
    ({ RealtimeClient }) =>
      new RealtimeClient(`${env.supabaseUrl.replace(/^http/, 'ws')}/realtime/v1`, {
        params: { apikey: env.supabaseAnonKey },
        accessToken: async () => env.supabaseAnonKey,
        heartbeatIntervalMs: 25000,
        timeout: 10000,
      }),
  );
  realtime.catch(() => (realtime = undefined));
  return realtime;
}
