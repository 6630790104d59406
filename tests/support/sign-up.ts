import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { waitForEmail } from './inbox.ts';
import { anonClient, stackEnv, uniqueEmail } from './stack.ts';

/**
 * Signing up as a parent does: through Auth's sign-up (no session until the address is confirmed),
 * then the link in the confirmation email, read from the local inbox.
 */

/** The confirmation link Auth emailed to `email`. */
export async function confirmationLink(email: string): Promise<string> {
  const mail = await waitForEmail(email, /Confirm your email/);
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?[^\s"<>]+/.exec(mail.text);
  if (!link) throw new Error(`the confirmation email to ${email} holds no link`);
  return link[0];
}

/** Follows an emailed Auth link as a browser does: a client signed in with the session it hands over. */
export async function followAuthLink(link: string): Promise<{ client: SupabaseClient; session: Session }> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) throw new Error(`the link answered ${response.status}`);
  const fragment = new URLSearchParams(new URL(location).hash.slice(1));
  const error = fragment.get('error_description');
  if (error) throw new Error(`the link was refused: ${error}`);
  const accessToken = fragment.get('access_token');
  const refreshToken = fragment.get('refresh_token');
  if (!accessToken || !refreshToken) throw new Error(`the link handed over no session: ${location}`);
  const client = anonClient();
  const { data, error: setError } = await client.auth.setSession({
    access_token: accessToken,
    refresh_token: refreshToken,
  });
  if (setError) throw setError;
  return { client, session: data.session! };
}

/** Signs up through Auth, follows the confirmation email's link, and returns a signed-in client. */
export async function signedUpThroughEmail(
  overrides: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<{ client: SupabaseClient; userId: string; email: string; password: string }> {
  const email = overrides.email ?? uniqueEmail('signup');
  const password = overrides.password ?? 'correct-horse-battery-9';
  const signUp = await anonClient().auth.signUp({
    email,
    password,
    options: {
      data: { first_name: overrides.firstName ?? 'Test', last_name: overrides.lastName ?? 'Parent' },
      emailRedirectTo: stackEnv.siteUrl,
    },
  });
  if (signUp.error) throw signUp.error;
  if (signUp.data.session) throw new Error('sign-up handed over a session before the email was confirmed');
  const { client, session } = await followAuthLink(await confirmationLink(email));
  return { client, userId: session.user.id, email, password };
}
