import { PostgrestClient } from '@supabase/postgrest-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/types/database';
import { env } from './env';
import { readHeldSession } from './held-session';
import { getSupabase, loadedSupabase } from './supabase';

/**
 * What a read needs of a client: tables, views and functions over REST. supabase-js's client is one
 * (the integration tests pass theirs); the app passes `getRest()`.
 */
export type Reads = Pick<SupabaseClient<Database>, 'from' | 'rpc'>;

let client: Reads | undefined;

/**
 * The token a read carries, as supabase-js's own requests choose it: its session's (refreshed first
 * when due) once it has loaded; before that the token the browser holds while it is good, so a
 * signed-in screen's first reads need not wait for supabase-js (decision 214); else the session
 * supabase-js finds once loaded; none (the anon key) for a visitor who is not signed in.
 */
async function accessToken(): Promise<string | undefined> {
  return (await signedIn())?.accessToken;
}

/** Who the reads are made for, and with which token (see accessToken). */
async function signedIn(): Promise<{ userId: string; accessToken: string } | undefined> {
  const loaded = loadedSupabase();
  if (!loaded) {
    const held = readHeldSession(10_000);
    if (held?.fresh) return held;
  }
  const supabase = loaded ?? (await getSupabase());
  const { data } = await supabase.auth.getSession();
  return data.session ? { userId: data.session.user.id, accessToken: data.session.access_token } : undefined;
}

/** The signed-in person's id, found as the reads' token is (undefined when nobody is signed in). */
export async function signedInUserId(): Promise<string | undefined> {
  return (await signedIn())?.userId;
}

/**
 * The app's REST client for reads: PostgREST's own client (what supabase-js makes its `from` and
 * `rpc` of, a fifth of its size), with the same headers supabase-js sends. A screen opened directly
 * reads its data with it while supabase-js is still loading.
 */
export function getRest(): Reads {
  client ??= new PostgrestClient<Database>(`${env.supabaseUrl}/rest/v1`, {
    headers: { apikey: env.supabaseAnonKey },
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      if (!headers.has('Authorization')) {
        headers.set('Authorization', `Bearer ${(await accessToken()) ?? env.supabaseAnonKey}`);
      }
      return fetch(input, { ...init, headers });
    },
  });
  return client;
}
