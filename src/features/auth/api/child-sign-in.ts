import type { Session } from '@supabase/supabase-js';
import { invokeFunctionWith } from '@/lib/invoke-function';
import type { Supabase } from '@/lib/supabase';

export const CHILD_SIGN_IN_FUNCTION = 'child-sign-in';

/**
 * A child's sign-in with a username (docs/decisions/151-child-sign-in-function.md): the child-sign-in
 * edge function finds the child's Auth user and asks Auth for the session, which this returns for
 * `supabase.auth.setSession`. A refusal is thrown as a FunctionError: the function's reason, and
 * Auth's code (`invalid_credentials` for a wrong login).
 */
export async function requestChildSession(
  supabase: Supabase,
  username: string,
  secret: string,
): Promise<Pick<Session, 'access_token' | 'refresh_token'>> {
  const data = await invokeFunctionWith<Session>(supabase, CHILD_SIGN_IN_FUNCTION, { username, secret });
  if (data?.access_token && data.refresh_token) {
    return { access_token: data.access_token, refresh_token: data.refresh_token };
  }
  throw new Error('The sign-in answered without a session');
}
