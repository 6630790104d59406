import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFamilyBilling } from '@/lib/family-billing';

export type { FamilyBilling } from '@/lib/family-billing';

export function useFamilyBilling(parentIds: string[]) {
  return useQuery(
    queryOptions({
      queryKey: ['accounts', 'billing', parentIds] as const,
      queryFn: () => getFamilyBilling(parentIds),
      enabled: parentIds.length > 0,
    }),
  );
}
