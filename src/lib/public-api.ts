import type { RealtimeClient } from '@supabase/realtime-js';
import type { Database } from '@/types/database';
import { env } from './env';
import { mightHaveSession, storedAccessToken } from './stored-session';
import { afterFirstScreen, getSupabase, loadedSupabase, type Supabase } from './supabase';

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
 * supabase-js's whole client when this visitor needs it: it has loaded already, or a session may
 * exist (the visitor's own rows, their token). Null for a signed-out visitor on a public page: what
 * such a page reads and writes is public, and the client's auth part alone costs a phone's main
 * thread tens of milliseconds to start.
 */
export function clientIfNeeded(): Promise<Supabase> | null {
  return needsClient() ? getSupabase() : null;
}

/** Whether supabase-js has loaded already or a session may exist (see clientIfNeeded). */
const needsClient = () => loadedSupabase() !== undefined || mightHaveSession();

const restHeaders = () => ({
  apikey: env.supabaseAnonKey,
  Authorization: `Bearer ${env.supabaseAnonKey}`,
});

async function failure(response: Response): Promise<PublicApiError> {
  const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
  return new PublicApiError(body.message ?? response.statusText, body.code ?? '', response.status);
}

/**
 * Inserts a row as the visitor (no row is read back: visitors may not read these tables), in a
 * request that survives the page: a keepalive fetch goes on when the visitor clicks away or closes
 * the tab, where supabase-js's own fetch would be cancelled with the page. The request starts in the
 * caller's own turn (nothing awaited before it), so a page being left still sends it. A signed-in
 * visitor's row goes with their access token, so the database sees them as they are.
 */
export async function insertPublicRow<T extends keyof Tables>(
  table: T,
  row: Tables[T]['Insert'],
): Promise<void> {
  const token = storedAccessToken();
  const response = await fetch(`${env.supabaseUrl}/rest/v1/${table}`, {
    method: 'POST',
    headers: {
      ...restHeaders(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
    },
    body: JSON.stringify(row),
    keepalive: true,
  });
  if (!response.ok) throw await failure(response);
}

/** Rows of a public read with the anon key, as PostgREST's query string selects them. */
export async function selectAsAnon<Row>(table: keyof Tables, query: Record<string, string>): Promise<Row[]> {
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
  // A signed-in screen opened directly draws its data before supabase-js loads (decision 215).
  if (needsClient()) return afterFirstScreen().then(getSupabase);
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
