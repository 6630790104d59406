import { queryOptions, useQuery } from '@tanstack/react-query';
import { familyClient, type FamilySupabase as Supabase } from './client';
import { familyKeys } from './keys';

/** Where a family without a coach stands: its intro-call lead and the beta's family places. */
export interface FamilyStanding {
  leadStatus: string | null;
  betaPlacesTotal: number;
  betaPlacesTaken: number;
  holdsBetaPlace: boolean;
}

export async function fetchFamilyStanding(client: Supabase): Promise<FamilyStanding> {
  const { data, error } = await client.rpc('get_family_standing');
  if (error) throw error;
  const row = data?.[0];
  return {
    leadStatus: row?.lead_status ?? null,
    betaPlacesTotal: row?.beta_places_total ?? 25,
    betaPlacesTaken: row?.beta_places_taken ?? 0,
    holdsBetaPlace: row?.holds_beta_place ?? false,
  };
}

export function familyStandingQueryOptions(getClient: () => Promise<Supabase> = familyClient) {
  return queryOptions({
    queryKey: familyKeys.standing(),
    queryFn: async () => fetchFamilyStanding(await getClient()),
  });
}

export function useFamilyStanding(enabled: boolean) {
  return useQuery({ ...familyStandingQueryOptions(), enabled });
}
