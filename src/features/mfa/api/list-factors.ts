import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';

export interface TotpFactor {
  id: string;
  friendlyName: string;
  status: 'verified' | 'unverified';
  createdAt: string;
}

/** The signed-in user's authenticator-app factors (verified ones; half-finished enrolments are not listed). */
export async function listFactors(): Promise<TotpFactor[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data.totp.map((factor) => ({
    id: factor.id,
    friendlyName: factor.friendly_name ?? 'Authenticator app',
    status: factor.status === 'verified' ? 'verified' : 'unverified',
    createdAt: factor.created_at,
  }));
}

export const factorsKey = ['mfa', 'factors'] as const;

export const factorsQueryOptions = () => queryOptions({ queryKey: factorsKey, queryFn: listFactors });

export function useFactors() {
  return useQuery(factorsQueryOptions());
}
