import { getSupabase } from '@/lib/supabase';

export const ADMIN_USERS_FUNCTION = 'admin-users';

/**
 * Calls the admin-users edge function (actions that need the service role). Throws an Error with
 * the function's own reason (`{ error }`) when it refuses.
 */
export async function callAdminUsers<T>(body: Record<string, unknown>): Promise<T> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke<T>(ADMIN_USERS_FUNCTION, { body });
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
