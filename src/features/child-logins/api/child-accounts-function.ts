import { invokeFunction } from '@/lib/invoke-function';

export const CHILD_ACCOUNTS_FUNCTION = 'child-accounts';

/**
 * Calls the child-accounts edge function (it needs the service role to create the child's Auth
 * user). Throws an Error with the function's own reason when it refuses.
 */
export async function callChildAccounts<T>(body: Record<string, unknown>): Promise<T> {
  return (await invokeFunction<T>(CHILD_ACCOUNTS_FUNCTION, body)) as T;
}
