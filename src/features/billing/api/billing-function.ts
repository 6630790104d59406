import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '@/content/plans';
import { invokeFunction } from '@/lib/invoke-function';
import { billingKey } from './get-billing';

export const BILLING_FUNCTION = 'billing';

export type BillingAction =
  | { action: 'checkout'; plan: PlanId }
  | { action: 'change_plan'; plan: PlanId }
  | { action: 'pause' }
  | { action: 'resume' }
  | { action: 'cancel' }
  | { action: 'keep' }
  | { action: 'update_card' }
  | { action: 'summary' };

export interface BillingAnswer {
  /** Where to send the parent (Stripe Checkout, or the portal to update the card). */
  url?: string;
  requested?: string;
}

/**
 * Calls the billing edge function as the signed-in parent. Throws an Error with the function's own
 * reason when it refuses.
 */
export async function callBilling<Answer extends object = BillingAnswer>(
  body: BillingAction,
): Promise<Answer> {
  return (await invokeFunction<Answer>(BILLING_FUNCTION, body)) ?? ({} as Answer);
}

/** A billing action; the page's data is read again once Stripe's event has reached our tables. */
export function useBillingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingAction) => callBilling(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKey }),
  });
}
