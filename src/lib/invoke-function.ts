import { getSupabase } from './supabase';

/**
 * Calls an edge function as the signed-in user and answers its JSON body (null when it sent none).
 * When the function refuses (a FunctionsHttpError, whose `context` is the Response), the Error
 * thrown carries the function's own reason (`{ error }`), so a screen can show it as it is; any
 * other failure (network, relay) is thrown as supabase-js reported it.
 */
export async function invokeFunction<T>(name: string, body: object): Promise<T | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke<T>(name, { body });
  if (!error) return data ?? null;
  const reason = await reasonOf(error);
  throw reason ? new Error(reason) : error;
}

/** The `error` of the function's JSON answer, when there is one. */
async function reasonOf(error: unknown): Promise<string | undefined> {
  const context = (error as { context?: unknown }).context;
  if (!(context instanceof Response)) return undefined;
  try {
    const payload = (await context.clone().json()) as { error?: unknown };
    return typeof payload.error === 'string' && payload.error ? payload.error : undefined;
  } catch {
    return undefined; // not JSON
  }
}
