import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { familyKeys } from './get-families';

/** Gives a child a coach (admins): the family is emailed the coach's name and a link that books. */
export async function matchChildCoach(input: { childId: string; coachId: string }): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('match_child_coach', {
    child_id: input.childId,
    coach_id: input.coachId,
  });
  if (error) throw error;
  return data;
}

export function useMatchChildCoach() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: matchChildCoach,
    onSettled: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}
