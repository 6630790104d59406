import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { getRest } from '@/lib/rest';
import { getSupabase } from '@/lib/supabase';
import { reportKeys } from './keys';

/** A week that ended with no update for a coached child of a family on a plan (decision 226). */
export interface UpdateDue {
  childId: string;
  childFirstName: string;
  parentId: string;
  coachName: string;
  weekStart: string;
}

export async function getUpdatesDue(): Promise<UpdateDue[]> {
  // the read client: a screen's reads need not wait for supabase-js (decision 214)
  const supabase = getRest();
  const { data, error } = await supabase.rpc('get_updates_due');
  if (error) throw error;
  return (data ?? []).map((r) => ({
    childId: r.child_id,
    childFirstName: r.child_first_name,
    parentId: r.parent_id,
    coachName: r.coach_name,
    weekStart: r.week_start,
  }));
}

export const updatesDueQueryOptions = () =>
  queryOptions({
    queryKey: [...reportKeys.all, 'updates-due'] as const,
    queryFn: getUpdatesDue,
    staleTime: 30_000,
    // beside the overview's figures: their heading does not wait for it
    meta: { aside: true },
  });

export function useUpdatesDue() {
  return useQuery(updatesDueQueryOptions());
}

export const weeklyUpdateSchema = z.object({
  body: z.string().trim().min(1, 'Write the update first').max(4000, 'At most 4,000 characters'),
});

/** Shares a weekly update with the family, from the child's coach (an admin writes in their name). */
export async function shareWeeklyUpdate(input: {
  childId: string;
  coachId: string;
  body: string;
}): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('parent_updates').insert({
    child_id: input.childId,
    coach_id: input.coachId,
    body: input.body.trim(),
    shared_at: new Date().toISOString(),
  });
  if (error) throw error;
}

export function useShareWeeklyUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareWeeklyUpdate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
