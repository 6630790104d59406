import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { PointsEntry } from '../lib/rules';
import { pointsKeys } from './keys';

export interface Reward {
  id: string;
  title: string;
  pointsCost: number;
}

export interface ChildPoints {
  id: string;
  firstName: string;
  /** has a coach: the leaderboard's "enrolled" */
  enrolled: boolean;
  leaderboardOptIn: boolean;
  history: PointsEntry[];
  rewards: Reward[];
}

/** The parent's children with their points history (newest first) and the family's rewards. */
export async function getFamilyPoints(): Promise<ChildPoints[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('children')
    .select(
      'id, first_name, coach_id, leaderboard_opt_in, created_at, ploom_points(id, points, reason, created_at, awarded_by), family_rewards(id, title, points_cost)',
    )
    // As the dashboard lists them: children added together, by name.
    .order('created_at')
    .order('first_name')
    .order('id');
  if (error) throw error;
  return data.map((child) => ({
    id: child.id,
    firstName: child.first_name,
    enrolled: child.coach_id !== null,
    leaderboardOptIn: child.leaderboard_opt_in,
    history: child.ploom_points
      .map((p) => ({
        id: p.id,
        points: p.points,
        reason: p.reason,
        createdAt: p.created_at,
        awardedBy: p.awarded_by,
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    rewards: child.family_rewards
      .map((r) => ({ id: r.id, title: r.title, pointsCost: r.points_cost }))
      .sort((a, b) => a.pointsCost - b.pointsCost),
  }));
}

export function familyPointsQueryOptions() {
  return queryOptions({ queryKey: pointsKeys.family(), queryFn: getFamilyPoints });
}

export function useFamilyPoints() {
  return useQuery(familyPointsQueryOptions());
}
