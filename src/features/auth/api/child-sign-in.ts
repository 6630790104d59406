import type { Session } from '@supabase/supabase-js';
import type { Supabase } from '@/lib/supabase';

export const CHILD_SIGN_IN_FUNCTION = 'child-sign-in';

/** A refused sign-in: the function's reason, and Auth's code (`invalid_credentials` for a wrong login). */
export class ChildSignInError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'ChildSignInError';
  }
}

/**
 * A child's sign-in with a username (docs/decisions/151-child-sign-in-function.md): the child-sign-in
 * edge function finds the child's Auth user and asks Auth for the session, which this returns for
 * `supabase.auth.setSession`. Throws a ChildSignInError with the function's reason when it refuses.
 */
export async function requestChildSession(
  supabase: Supabase,
  username: string,
  secret: string,
): Promise<Pick<Session, 'access_token' | 'refresh_token'>> {
  const { data, error } = await supabase.functions.invoke<Session>(CHILD_SIGN_IN_FUNCTION, {
    body: { username, secret },
  });
  if (!error && data?.access_token && data.refresh_token) {
    return { access_token: data.access_token, refresh_token: data.refresh_token };
  }
  const context = (error as { context?: unknown } | null)?.context;
  if (context instanceof Response) {
    const payload = (await context
      .clone()
      .json()
      .catch(() => null)) as { error?: unknown; code?: unknown } | null;
    if (typeof payload?.error === 'string') {
      throw new ChildSignInError(
        payload.error,
        typeof payload.code === 'string' ? payload.code : undefined,
        context.status,
      );
    }
  }
  throw error ?? new Error('The sign-in answered without a session');
}
