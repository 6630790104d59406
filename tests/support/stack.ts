import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import pg from 'pg';
import { fetchFrom, loopbackAddress } from './loopback.ts';

/**
 * What the integration and database tests use to reach the test stack that
 * scripts/with-test-stack.ts starts (it sets these variables).
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run these tests through \`npm run test:stack\``);
  return value;
}

export const stackEnv = {
  get url() {
    return required('SUPABASE_URL');
  },
  get anonKey() {
    return required('SUPABASE_ANON_KEY');
  },
  get serviceRoleKey() {
    return required('SUPABASE_SERVICE_ROLE_KEY');
  },
  get dbUrl() {
    return required('SUPABASE_DB_URL');
  },
  get inboxUrl() {
    return required('INBOX_URL');
  },
  get siteUrl() {
    return required('SITE_URL');
  },
};

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
} as const;

/**
 * A client with the anon key, as a signed-out visitor's browser has, on a machine of its own: it
 * connects from an address of its own (./loopback.ts), so the caps the stack keeps per client (the
 * public forms', the mail's) count each test's visitor apart, as they would two families.
 */
export function anonClient(): SupabaseClient {
  return createClient(stackEnv.url, stackEnv.anonKey, {
    ...clientOptions,
    global: { fetch: fetchFrom(loopbackAddress()) },
  });
}

/** A client with the service_role key, as the edge functions have. */
export function serviceClient(): SupabaseClient {
  return createClient(stackEnv.url, stackEnv.serviceRoleKey, clientOptions);
}

let counter = 0;
/** A unique email for a test, so tests never depend on each other's rows. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/**
 * A new, confirmed account (created with the service role, as an admin's invitation would be, so no
 * confirmation email is sent) and a client signed in as them through the auth API. Tests about the
 * sign-up itself sign up through Auth and follow the emailed link (`signedUpThroughEmail`).
 */
export async function signedInClient(
  overrides: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<{ client: SupabaseClient; userId: string; email: string; password: string }> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'correct-horse-battery-9';
  const created = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { first_name: overrides.firstName ?? 'Test', last_name: overrides.lastName ?? 'Parent' },
  });
  if (created.error) throw created.error;
  const client = anonClient();
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;
  return { client, userId: created.data.user.id, email, password };
}

/** A superuser connection to the test database, for arranging and inspecting rows. */
export async function adminDb(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: stackEnv.dbUrl });
  client.on('error', () => {});
  await client.connect();
  return client;
}
