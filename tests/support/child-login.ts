import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient } from './stack.ts';

/**
 * A child signs in as /login does for a username (docs/decisions/151-child-sign-in-function.md): the
 * child-sign-in function, called with supabase-js, answers the session, which the client then holds
 * with `auth.setSession`. A child's Auth address is random, so nothing else can sign a child in by
 * username.
 */

export interface ChildSignInAnswer {
  status: number;
  /** the session on success; `{ error, code }` when refused */
  body: Record<string, unknown>;
  /** how long the answer took, in milliseconds */
  ms: number;
}

/** One call of the function from `client` (a signed-out visitor's by default). */
export async function childSignIn(
  username: string,
  secret: string,
  client: SupabaseClient = anonClient(),
): Promise<ChildSignInAnswer> {
  const started = performance.now();
  const { data, error } = await client.functions.invoke<Record<string, unknown>>('child-sign-in', {
    body: { username, secret },
  });
  if (!error) return { status: 200, body: data ?? {}, ms: performance.now() - started };
  const response = (error as { context?: unknown }).context;
  if (!(response instanceof Response)) throw error;
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, body, ms: performance.now() - started };
}

/** `client` signed in as the child, as the login form does it; throws the refusal. */
export async function signInChild(
  username: string,
  secret: string,
  client: SupabaseClient = anonClient(),
): Promise<SupabaseClient> {
  const answer = await childSignIn(username, secret, client);
  if (answer.status !== 200) {
    throw new Error(`child sign-in refused (${answer.status}): ${String(answer.body.error)}`);
  }
  const { error } = await client.auth.setSession({
    access_token: String(answer.body.access_token),
    refresh_token: String(answer.body.refresh_token),
  });
  if (error) throw error;
  return client;
}
