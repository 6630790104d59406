import { invokeFunction } from '@/lib/invoke-function';

export const ADMIN_USERS_FUNCTION = 'admin-users';

/**
 * Calls the admin-users edge function (actions that need the service role). Throws an Error with
 * the function's own reason when it refuses.
 */
export async function callAdminUsers<T>(body: Record<string, unknown>): Promise<T> {
  return (await invokeFunction<T>(ADMIN_USERS_FUNCTION, body)) as T;
}
