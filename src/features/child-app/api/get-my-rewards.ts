import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase, type Supabase } from '@/lib/supabase';

export interface MyReward {
  id: string;
  title: string;
  /** the points the family set for it */
  pointsCost: number;
}

/**
 * The rewards the child's parent set for them (family_rewards: RLS gives a child's login only its
 * own), cheapest first: the nearest goal comes first.
 */
export async function fetchMyRewards(supabase: Supabase): Promise<MyReward[]> {
  const { data, error } = await supabase
    .from('family_rewards')
    .select('id, title, points_cost')
    .order('points_cost')
    .order('title');
  if (error) throw error;
  return data.map((row) => ({ id: row.id, title: row.title, pointsCost: row.points_cost }));
}

export const myRewardsKeys = { mine: ['child-rewards'] as const };

export function myRewardsQueryOptions(getClient: () => Promise<Supabase> = getSupabase) {
  return queryOptions({
    queryKey: myRewardsKeys.mine,
    queryFn: async () => fetchMyRewards(await getClient()),
    // A reward the parent adds shows up without a reload.
    refetchInterval: 60_000,
  });
}

export function useMyRewards() {
  return useQuery(myRewardsQueryOptions());
}
