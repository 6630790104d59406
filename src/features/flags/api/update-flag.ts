import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { flagListKey, type FeatureFlag } from './get-flags';

/** Turns a flag on or off (admins only, by row level security; audited by the database). */
export async function updateFlag({ key, enabled }: { key: string; enabled: boolean }): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('feature_flags')
    .update({ enabled })
    .eq('key', key)
    .select('key');
  if (error) throw error;
  if (!data.length) throw new Error('Only admins can change feature flags.');
}

export function useUpdateFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFlag,
    // The switch moves at once; a refusal puts it back.
    onMutate: async ({ key, enabled }) => {
      await queryClient.cancelQueries({ queryKey: flagListKey });
      const previous = queryClient.getQueryData<FeatureFlag[]>(flagListKey);
      queryClient.setQueryData<FeatureFlag[]>(flagListKey, (flags) =>
        flags?.map((flag) => (flag.key === key ? { ...flag, enabled } : flag)),
      );
      return { previous };
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(flagListKey, context?.previous),
    // Every flag query (['feature-flags', ...]), the site's own signup_enabled one included.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['feature-flags'] }),
  });
}
