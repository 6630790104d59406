import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import { HttpError } from './http.ts';
import { requireEnv } from './supabase.ts';

/**
 * Staff two-factor sign-in in the edge functions. Row level security holds a staff member to it
 * (supabase/migrations/20261123009000_staff_mfa.sql), but a function that checks the caller's role
 * and then works with the service role bypasses RLS, so it asks the database the same question
 * before doing anything: public.staff_two_factor_step(), called with the caller's own token so
 * Postgres reads their `aal` claim, their factors and the `require_staff_two_factor` setting.
 * docs/decisions/113-staff-two-factor-everywhere.md
 */

/** 'none': nothing to do (or not staff); 'verify': enter the app's code; 'enrol': set one up. */
export type StaffTwoFactorStep = 'none' | 'enrol' | 'verify';

export const TWO_FACTOR_REASONS = {
  verify: 'Two-factor sign-in is required: enter the code from your authenticator app, then try again',
  enrol: 'Two-factor sign-in is required: set up an authenticator app at /admin/account first',
} as const;

/** Refuses (403, with what to do) a caller who has not met two-factor sign-in. */
export function requireStaffTwoFactor(step: StaffTwoFactorStep): void {
  if (step !== 'none') throw new HttpError(403, TWO_FACTOR_REASONS[step]);
}

/** The caller's step, asked of Postgres as the caller (their access token). */
export async function staffTwoFactorStepOf(token: string): Promise<StaffTwoFactorStep> {
  const caller = createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}`, 'X-Client-Info': 'ploom-edge-functions' } },
  });
  const { data, error } = await caller.rpc('staff_two_factor_step');
  if (error) throw new Error(`database: ${error.code ?? ''} ${error.message}`);
  if (data === 'none' || data === 'enrol' || data === 'verify') return data;
  throw new Error(`database: unexpected two-factor step ${JSON.stringify(data)}`);
}
