import { lazy, Suspense } from 'react';
import { aboutPage } from '@/content/pages';
import { planCancelNote } from '@/content/plans';
import { useBillingSummary } from '../api/get-billing-summary';
import { useBillingChanges } from '../hooks/use-billing-changes';
import { billingState } from '../lib/billing-state';
import { PaymentCard, PaymentFailedNotice, YourPlan } from './billing-sections';
import { InvoicesTable } from './invoices-table';
import { PlanCards } from './plan-cards';
import { useLoadWhenDrawn } from '@/lib/first-screen';

/** The plan change's confirm dialog: loaded once the page is drawn, before anyone presses. */
const loadDialog = () => import('./plan-change-dialog');
const PlanChangeDialog = lazy(() => loadDialog().then((m) => ({ default: m.PlanChangeDialog })));
const preloadDialog = () => void loadDialog().catch(() => undefined);

/**
 * The parent's billing: a failed payment first, then their plan and card, or the plans to choose
 * from; the invoices; the dialog that confirms a change. What happens after a change (the wait for
 * Stripe's webhook) is in useBillingChanges; the words are in lib/billing-copy.
 */
export function BillingPage() {
  useLoadWhenDrawn(preloadDialog);
  const changes = useBillingChanges();
  const { billing, dialog } = changes;
  const currentSubscription = billing.data?.subscription ?? null;
  // Stripe's word on the next charge and the card, once there is a plan that is not over.
  const summary = useBillingSummary(
    currentSubscription,
    currentSubscription !== null && !['canceled', 'incomplete_expired'].includes(currentSubscription.status),
  );

  if (billing.isError) {
    return (
      <p role="alert" className="text-red-800">
        Your billing could not be loaded: {billing.error.message}
      </p>
    );
  }
  if (!billing.data) return <p role="status">Loading your plan…</p>;

  const { subscription, invoices, recommendedPlan } = billing.data;
  const state = billingState(subscription, invoices);
  const showPlans = state.stage === 'none' || state.stage === 'ended';

  return (
    <div className="space-y-8">
      <div aria-live="polite" role="status" className="min-h-6">
        {changes.waiting ? (
          <p>Waiting for Stripe to confirm…</p>
        ) : changes.announcement ? (
          <p>{changes.announcement}</p>
        ) : null}
      </div>
      {changes.error && !dialog ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-900">
          {changes.error}
        </p>
      ) : null}

      {state.failedInvoice || state.stage === 'payment_failed' ? (
        <PaymentFailedNotice state={state} busy={changes.busy} onUpdateCard={changes.updateCard} />
      ) : null}

      {subscription && state.plan && state.stage !== 'ended' ? (
        <YourPlan
          subscription={subscription}
          state={{ ...state, plan: state.plan }}
          summary={summary}
          open={changes.open}
        />
      ) : null}

      {summary.data?.card && state.stage !== 'ended' ? (
        <PaymentCard card={summary.data.card} busy={changes.busy} onUpdateCard={changes.updateCard} />
      ) : null}

      {showPlans ? (
        <section aria-labelledby="plans-heading">
          <h2 id="plans-heading" className="font-display text-xl font-bold text-ink">
            {state.stage === 'ended' ? 'Your plan has ended: choose a plan to start again' : 'Choose a plan'}
          </h2>
          <p className="mt-1 text-ink-muted">
            {aboutPage.beta} {planCancelNote}
          </p>
          <div className="mt-4">
            <PlanCards
              recommendedPlan={recommendedPlan}
              busyPlan={changes.checkoutPlan}
              onChoose={changes.choosePlan}
            />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="invoices-heading">
        <h2 id="invoices-heading" className="mb-3 font-display text-xl font-bold text-ink">
          Invoices
        </h2>
        <InvoicesTable invoices={invoices} />
      </section>

      {dialog ? (
        <Suspense fallback={null}>
          <PlanChangeDialog change={dialog} changes={changes} currentPlan={subscription?.plan} />
        </Suspense>
      ) : null}
    </div>
  );
}
