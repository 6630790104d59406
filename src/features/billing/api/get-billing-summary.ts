import { queryOptions, useQuery } from '@tanstack/react-query';
import { callBilling } from './billing-function';
import { billingKey, type Subscription } from './get-billing';

/** The billing function's `summary`, as it answers. */
interface SummaryAnswer {
  next_charge: { amount_due: number; currency: string; date: string | null; proration: number } | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number } | null;
}

export interface NextCharge {
  /** cents */
  amountDue: number;
  currency: string;
  date: string | null;
  /** cents of amountDue that settle a change of plan (negative: a credit) */
  proration: number;
}

export interface CardOnFile {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface BillingSummary {
  /** The next charge as Stripe previews it (a plan change's prorations included); null if none. */
  nextCharge: NextCharge | null;
  card: CardOnFile | null;
}

/** What only Stripe knows, through the billing function: the next charge and the card on file. */
export async function getBillingSummary(): Promise<BillingSummary> {
  const answer = await callBilling<SummaryAnswer>({ action: 'summary' });
  const next = answer.next_charge;
  const card = answer.card;
  return {
    nextCharge: next
      ? { amountDue: next.amount_due, currency: next.currency, date: next.date, proration: next.proration }
      : null,
    card: card
      ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year }
      : null,
  };
}

/**
 * Keyed under the billing key (so every billing refresh refreshes it) and by the subscription's
 * state, so a change that reaches our tables asks Stripe again.
 */
export const billingSummaryQueryOptions = (subscription: Subscription | null) =>
  queryOptions({
    queryKey: [
      ...billingKey,
      'summary',
      subscription
        ? [
            subscription.id,
            subscription.plan,
            subscription.status,
            subscription.pauseBehavior,
            subscription.cancelAtPeriodEnd,
          ].join(':')
        : 'none',
    ],
    queryFn: getBillingSummary,
    retry: 1,
  });

export function useBillingSummary(subscription: Subscription | null, enabled: boolean) {
  return useQuery({ ...billingSummaryQueryOptions(subscription), enabled });
}
