import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFamilyBilling } from '@/lib/family-billing';
import { familyKeys } from './get-families';

export type { FamilyBilling } from '@/lib/family-billing';

export const BILLING_STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Active',
  paused: 'Paused',
  cancelling: 'Cancelling',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  canceled: 'Ended',
};

export function useFamilyBilling(parentIds: string[], enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...familyKeys.all, 'billing', parentIds] as const,
      queryFn: () => getFamilyBilling(parentIds),
      enabled: enabled && parentIds.length > 0,
    }),
  );
}
