import { getSupabase, type Supabase } from './supabase';

/**
 * A function's refusal: its own reason (`{ error }`) as the message, its `code` when it sent one
 * (e.g. Auth's `invalid_credentials`, passed on by child-sign-in) and the HTTP status.
 */
export class FunctionError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly status: number,
  ) {
    super(message);
    this.name = 'FunctionError';
  }
}

/**
 * Calls an edge function as the signed-in user and answers its JSON body (null when it sent none).
 * When the function refuses with a reason, a FunctionError carries it, so a screen can show it as it
 * is; any other failure (network, relay, a refusal without a reason) is thrown as supabase-js
 * reported it.
 */
export async function invokeFunction<T>(name: string, body: object): Promise<T | null> {
  return invokeFunctionWith<T>(await getSupabase(), name, body);
}

/** invokeFunction with a given client (a client of its own, as a sign-in before any session uses). */
export async function invokeFunctionWith<T>(
  supabase: Supabase,
  name: string,
  body: object,
): Promise<T | null> {
  const { data, error } = await supabase.functions.invoke<T>(name, { body });
  if (!error) return data ?? null;
  throw (await refusalOf(error)) ?? error;
}

/** The function's refusal, when its answer is JSON with an `error`. */
async function refusalOf(error: unknown): Promise<FunctionError | undefined> {
  const context = (error as { context?: unknown }).context;
  if (!(context instanceof Response)) return undefined;
  try {
    const payload = (await context.clone().json()) as { error?: unknown; code?: unknown };
    if (typeof payload.error !== 'string' || !payload.error) return undefined;
    const code = typeof payload.code === 'string' ? payload.code : undefined;
    return new FunctionError(payload.error, code, context.status);
  } catch {
    return undefined; // not JSON
  }
}
