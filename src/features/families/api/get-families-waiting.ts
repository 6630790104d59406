import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRest } from '@/lib/rest';
import { familyKeys } from './get-families';

/** A child waiting for a coach (docs/decisions/222). */
export interface WaitingChild {
  childId: string;
  childFirstName: string;
  parentId: string;
  parentName: string | null;
  /** when the child was added at onboarding */
  waitingSince: string;
  /** the family's plan key, null with none yet */
  plan: string | null;
  planStatus: string | null;
  preferredTimes: number;
}

/** The children waiting for a coach, oldest first (admins). */
export async function getFamiliesWaiting(): Promise<WaitingChild[]> {
  // the read client: a screen's reads need not wait for supabase-js (decision 214)
  const supabase = getRest();
  const { data, error } = await supabase.rpc('get_families_waiting');
  if (error) throw error;
  return (data ?? []).map((row) => ({
    childId: row.child_id,
    childFirstName: row.child_first_name,
    parentId: row.parent_id,
    parentName: row.parent_name,
    waitingSince: row.waiting_since,
    plan: row.plan,
    planStatus: row.plan_status,
    preferredTimes: row.preferred_times,
  }));
}

export const familiesWaitingQueryOptions = () =>
  queryOptions({
    queryKey: familyKeys.waiting,
    queryFn: getFamiliesWaiting,
    staleTime: 30_000,
    // beside the overview's figures: their heading does not wait for it
    meta: { aside: true },
  });

export function useFamiliesWaiting(enabled = true) {
  return useQuery({ ...familiesWaitingQueryOptions(), enabled });
}
