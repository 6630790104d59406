import { useState } from 'react';
import type { PlanId } from '@/content/plans';
import { useLocation } from '@/lib/navigation';
import { useBillingAction, type BillingAction } from '../api/billing-function';
import { useBilling } from '../api/get-billing';
import { checkoutReturn, requestOf, type Change, type Waiting } from '../lib/billing-changes';

/**
 * The billing page's state: the family's billing, the change being confirmed, and the wait for
 * Stripe's webhook after a change or a return from Checkout (the page reads again every two seconds
 * until our tables show it, then says so).
 */
export function useBillingChanges() {
  // Stripe Checkout returns here with ?checkout=success or ?checkout=cancelled.
  const checkout = new URLSearchParams(useLocation().search).get('checkout');
  const [initial] = useState(() => checkoutReturn(checkout));
  const [waiting, setWaiting] = useState<Waiting | null>(initial.waiting);
  const [announcement, setAnnouncement] = useState<string | null>(initial.announcement);
  const billing = useBilling({ waiting: waiting !== null });
  const action = useBillingAction();
  const [dialog, setDialog] = useState<Change | null>(null);
  const [newPlan, setNewPlan] = useState<PlanId | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [checkoutPlan, setCheckoutPlan] = useState<PlanId | null>(null);

  // Stripe's event has reached our tables: say so (state adjusted while rendering, no effect needed).
  if (waiting && billing.data && waiting.done(billing.data)) {
    setAnnouncement(waiting.message);
    setWaiting(null);
  }

  const run = async (body: BillingAction, wait?: Waiting) => {
    setError(null);
    setAnnouncement(null);
    try {
      const answer = await action.mutateAsync(body);
      if (answer.url) {
        window.location.assign(answer.url);
        return;
      }
      setDialog(null);
      if (wait) setWaiting(wait);
    } catch (e) {
      setCheckoutPlan(null);
      setError(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
    }
  };

  return {
    billing,
    busy: action.isPending,
    waiting: waiting !== null,
    announcement,
    error,
    dialog,
    newPlan,
    setNewPlan,
    checkoutPlan,
    /** Opens the confirmation of a change. */
    open: (change: Change) => {
      setError(null);
      setNewPlan('');
      setDialog(change);
    },
    close: () => setDialog(null),
    /** Sends the change being confirmed, then waits for Stripe's event. */
    confirm: () => {
      const subscription = billing.data?.subscription;
      if (!subscription || !dialog) return;
      const request = requestOf(dialog, subscription.id, newPlan);
      if (request) void run(request.body, request.wait);
    },
    /** Off to Stripe Checkout for a plan. */
    choosePlan: (plan: PlanId) => {
      setCheckoutPlan(plan);
      void run({ action: 'checkout', plan });
    },
    /** Off to Stripe's page to update the card. */
    updateCard: () => void run({ action: 'update_card' }),
  };
}
