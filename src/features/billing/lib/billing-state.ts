import { plans, type Plan, type PlanId } from '@/content/plans';
import type { Invoice, Subscription } from '../api/get-billing';

/** Where the family stands, as the page shows it. */
export type BillingStage = 'none' | 'active' | 'paused' | 'cancelling' | 'payment_failed' | 'ended';

export interface BillingState {
  stage: BillingStage;
  plan: Plan | null;
  /** The invoice whose charge failed and is still open: the parent should update the card. */
  failedInvoice: Invoice | null;
  nextCharge: { amount: number; date: string } | null;
}

export function planById(id: PlanId): Plan {
  return plans.find((p) => p.id === id)!;
}

export function billingState(subscription: Subscription | null, invoices: Invoice[]): BillingState {
  if (!subscription) return { stage: 'none', plan: null, failedInvoice: null, nextCharge: null };
  const plan = planById(subscription.plan);
  const failedInvoice =
    invoices.find(
      (i) => i.status === 'open' && i.paymentFailedAt !== null && subscription.status !== 'canceled',
    ) ?? null;
  const stage: BillingStage =
    subscription.status === 'canceled' || subscription.status === 'incomplete_expired'
      ? 'ended'
      : failedInvoice || subscription.status === 'past_due' || subscription.status === 'unpaid'
        ? 'payment_failed'
        : subscription.pauseBehavior || subscription.status === 'paused'
          ? 'paused'
          : subscription.cancelAtPeriodEnd
            ? 'cancelling'
            : 'active';
  const nextCharge =
    (stage === 'active' || stage === 'payment_failed') && subscription.currentPeriodEnd
      ? { amount: plan.price, date: subscription.currentPeriodEnd }
      : null;
  return { stage, plan, failedInvoice, nextCharge };
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

export const formatMoney = (cents: number, currency = 'usd') =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

export const STAGE_LABELS: Record<BillingStage, string> = {
  none: 'No plan',
  active: 'Active',
  paused: 'Paused',
  cancelling: 'Cancelled at the end of the month',
  payment_failed: 'Payment failed',
  ended: 'Ended',
};
