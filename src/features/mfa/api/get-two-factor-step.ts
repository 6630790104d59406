import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getRest } from '@/lib/rest';

/** What a staff member must do before the admin area shows anything (the database decides). */
export type TwoFactorStep = 'none' | 'enrol' | 'verify';

export async function getTwoFactorStep(): Promise<TwoFactorStep> {
  const { data, error } = await getRest().rpc('staff_two_factor_step');
  if (error) throw error;
  return data === 'enrol' || data === 'verify' ? data : 'none';
}

/** Keyed by the access token: a new session (a verified code, a new sign-in) asks again. */
export const twoFactorStepQueryOptions = (accessToken: string | undefined) =>
  queryOptions({
    queryKey: ['mfa', 'step', accessToken ?? ''] as const,
    queryFn: getTwoFactorStep,
    enabled: Boolean(accessToken),
    staleTime: Infinity,
    // A refreshed token asks again without taking the page away meanwhile.
    placeholderData: keepPreviousData,
  });

export function useTwoFactorStep(accessToken: string | undefined) {
  return useQuery(twoFactorStepQueryOptions(accessToken));
}
