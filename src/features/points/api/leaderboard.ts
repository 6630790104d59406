import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { pointsKeys } from './keys';

export interface LeaderboardRow {
  rank: number;
  firstName: string;
  totalPoints: number;
  isMine: boolean;
}

export const LEADERBOARD_SIZE = 20;

/**
 * The leaderboard: first names and totals of enrolled children whose parent opted in; empty for
 * an account without an enrolled child (the database decides, in public.leaderboard).
 */
export async function getLeaderboard(): Promise<LeaderboardRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('leaderboard', { max_rows: LEADERBOARD_SIZE });
  if (error) throw error;
  return data.map((row) => ({
    rank: row.rank,
    firstName: row.first_name,
    totalPoints: row.total_points,
    isMine: row.is_mine,
  }));
}

export function leaderboardQueryOptions() {
  return queryOptions({ queryKey: pointsKeys.leaderboard(), queryFn: getLeaderboard });
}

export function useLeaderboard() {
  return useQuery(leaderboardQueryOptions());
}

/** Shows or hides a child (first name and points) on the leaderboard. */
export async function setLeaderboardOptIn({ childId, optIn }: { childId: string; optIn: boolean }) {
  const supabase = await getSupabase();
  const { error } = await supabase.from('children').update({ leaderboard_opt_in: optIn }).eq('id', childId);
  if (error) throw error;
}

export function useSetLeaderboardOptIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLeaderboardOptIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pointsKeys.all }),
  });
}
