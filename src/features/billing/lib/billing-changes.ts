import { plans, type PlanId } from '@/content/plans';
import type { BillingAction } from '../api/billing-function';
import type { Billing } from '../api/get-billing';
import { CONFIRMED, type Change } from './billing-copy';

/** The changes a parent confirms in a dialog. */
export type { Change } from './billing-copy';

/**
 * What the page waits to see in our tables after asking Stripe for something (Stripe's webhook
 * writes it, a moment later), and what it says once it is there.
 */
export interface Waiting {
  done: (billing: Billing) => boolean;
  message: string;
}

/**
 * The state a return from Stripe Checkout starts in (`?checkout=success|cancelled`): waiting for the
 * new subscription to reach our tables, or saying that nothing was charged.
 */
export function checkoutReturn(checkout: string | null): {
  waiting: Waiting | null;
  announcement: string | null;
} {
  if (checkout === 'success') {
    return {
      waiting: {
        done: (b) => b.subscription !== null && b.subscription.status !== 'canceled',
        message: CONFIRMED.checkout,
      },
      announcement: null,
    };
  }
  return { waiting: null, announcement: checkout === 'cancelled' ? CONFIRMED.checkoutCancelled : null };
}

/**
 * The request a confirmed change sends to the billing function, and what to wait for: the same
 * subscription, changed as asked. Null for a plan change with no plan chosen.
 */
export function requestOf(
  change: Change,
  subscriptionId: string,
  newPlan: PlanId | '',
): { body: BillingAction; wait: Waiting } | null {
  const same = (b: Billing) => b.subscription?.id === subscriptionId;
  switch (change) {
    case 'change_plan':
      if (!newPlan) return null;
      return {
        body: { action: 'change_plan', plan: newPlan },
        wait: {
          done: (b) => same(b) && b.subscription!.plan === newPlan,
          message: CONFIRMED.changePlan(plans.find((p) => p.id === newPlan)!.name),
        },
      };
    case 'pause':
      return {
        body: { action: 'pause' },
        wait: { done: (b) => same(b) && !!b.subscription!.pauseBehavior, message: CONFIRMED.pause },
      };
    case 'resume':
      return {
        body: { action: 'resume' },
        wait: { done: (b) => same(b) && !b.subscription!.pauseBehavior, message: CONFIRMED.resume },
      };
    case 'cancel':
      return {
        body: { action: 'cancel' },
        wait: { done: (b) => same(b) && b.subscription!.cancelAtPeriodEnd, message: CONFIRMED.cancel },
      };
    case 'keep':
      return {
        body: { action: 'keep' },
        wait: { done: (b) => same(b) && !b.subscription!.cancelAtPeriodEnd, message: CONFIRMED.keep },
      };
  }
}
