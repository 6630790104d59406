import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { familyKeys } from './get-families';

export interface CoachChoice {
  id: string;
  name: string;
}

/** The coaches an admin can filter the families by: the staff accounts with the coach role. */
export async function getFamilyCoaches(): Promise<CoachChoice[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('staff_coaches')
    .select('id, display_name')
    .order('display_name');
  if (error) throw error;
  // a view's columns read as nullable; the view's rows always have both
  return (data ?? []).map((c) => ({ id: c.id ?? '', name: c.display_name ?? '' }));
}

export const familyCoachesQueryOptions = () =>
  queryOptions({ queryKey: familyKeys.coaches, queryFn: getFamilyCoaches, staleTime: 60_000 });

export function useFamilyCoaches(enabled: boolean) {
  return useQuery({ ...familyCoachesQueryOptions(), enabled });
}
