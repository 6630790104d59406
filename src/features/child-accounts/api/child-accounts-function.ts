import { getSupabase } from '@/lib/supabase';

export const CHILD_ACCOUNTS_FUNCTION = 'child-accounts';

/**
 * Calls the child-accounts edge function (it needs the service role to create the child's Auth
 * user). Throws an Error with the function's own reason (`{ error }`) when it refuses.
 */
export async function callChildAccounts<T>(body: Record<string, unknown>): Promise<T> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke<T>(CHILD_ACCOUNTS_FUNCTION, { body });
  if (!error) return data as T;
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    const reason = await context
      .clone()
      .json()
      .then((payload: { error?: string }) => payload.error)
      .catch(() => undefined);
    if (reason) throw new Error(reason);
  }
  throw error;
}
