import { useState } from 'react';
import { useLocation } from '@/lib/navigation';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { familySessionsLabel, planCancelNote, planSessionsScope, plans, type PlanId } from '@/content/plans';
import { aboutPage } from '@/content/pages';
import { useBillingAction, type BillingAction } from '../api/billing-function';
import { useBilling, type Billing } from '../api/get-billing';
import { useBillingSummary, type BillingSummary } from '../api/get-billing-summary';
import { billingState, formatDate, formatMoney, STAGE_LABELS, type BillingStage } from '../lib/billing-state';
import { ConfirmDialog } from '@/components/ui/dialog';
import { InvoicesTable } from './invoices-table';
import { PlanCards } from './plan-cards';

type Change = 'change_plan' | 'pause' | 'resume' | 'cancel' | 'keep';

/** What the page waits to see in our tables after asking Stripe for a change (the webhook writes it). */
interface Waiting {
  done: (billing: Billing) => boolean;
  message: string;
}

const CONFIRM: Record<Change, { title: string; description: string; confirm: string }> = {
  change_plan: {
    title: 'Change your plan',
    description:
      'The new plan starts now; your next invoice adds or credits the difference for the rest of this month.',
    confirm: 'Switch plan',
  },
  pause: {
    title: 'Pause your plan?',
    description:
      'We stop charging you and booking new sessions until you resume. Sessions already booked stay on the calendar unless you ask your coach to cancel them.',
    confirm: 'Pause plan',
  },
  resume: {
    title: 'Resume your plan?',
    description: 'Charges and weekly sessions start again from your next billing date.',
    confirm: 'Resume plan',
  },
  cancel: {
    title: 'Cancel your plan?',
    description:
      'Your plan stays active until the end of the month you have paid for, then ends. You will not be charged again.',
    confirm: 'Cancel plan',
  },
  keep: {
    title: 'Keep your plan?',
    description: 'Your plan continues and renews as before.',
    confirm: 'Keep my plan',
  },
};

const STAGE_STYLES: Record<BillingStage, string> = {
  none: 'bg-brand-50 text-ink',
  active: 'bg-green-100 text-green-900',
  paused: 'bg-sun-100 text-ink',
  cancelling: 'bg-sun-100 text-ink',
  payment_failed: 'bg-red-100 text-red-900',
  ended: 'bg-brand-50 text-ink',
};

export function BillingPage() {
  // Stripe Checkout returns here with ?checkout=success or ?checkout=cancelled.
  const checkout = new URLSearchParams(useLocation().search).get('checkout');
  const [waiting, setWaiting] = useState<Waiting | null>(
    checkout === 'success'
      ? {
          done: (b) => b.subscription !== null && b.subscription.status !== 'canceled',
          message: 'Thank you: your plan is active.',
        }
      : null,
  );
  const [announcement, setAnnouncement] = useState<string | null>(
    checkout === 'cancelled' ? 'Checkout was cancelled: nothing was charged.' : null,
  );
  const billing = useBilling({ waiting: waiting !== null });
  const currentSubscription = billing.data?.subscription ?? null;
  // Stripe's word on the next charge and the card, once there is a plan that is not over.
  const summary = useBillingSummary(
    currentSubscription,
    currentSubscription !== null && !['canceled', 'incomplete_expired'].includes(currentSubscription.status),
  );
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

  const confirmChange = () => {
    if (!subscription || !dialog) return;
    const id = subscription.id;
    const same = (b: Billing) => b.subscription?.id === id;
    switch (dialog) {
      case 'change_plan':
        if (!newPlan) return;
        void run(
          { action: 'change_plan', plan: newPlan },
          {
            done: (b) => same(b) && b.subscription!.plan === newPlan,
            message: `Your plan is now ${plans.find((p) => p.id === newPlan)!.name}.`,
          },
        );
        return;
      case 'pause':
        void run(
          { action: 'pause' },
          { done: (b) => same(b) && !!b.subscription!.pauseBehavior, message: 'Your plan is paused.' },
        );
        return;
      case 'resume':
        void run(
          { action: 'resume' },
          { done: (b) => same(b) && !b.subscription!.pauseBehavior, message: 'Your plan is active again.' },
        );
        return;
      case 'cancel':
        void run(
          { action: 'cancel' },
          { done: (b) => same(b) && b.subscription!.cancelAtPeriodEnd, message: 'Your plan is cancelled.' },
        );
        return;
      case 'keep':
        void run(
          { action: 'keep' },
          { done: (b) => same(b) && !b.subscription!.cancelAtPeriodEnd, message: 'Your plan continues.' },
        );
        return;
    }
  };

  const open = (change: Change) => {
    setError(null);
    setNewPlan('');
    setDialog(change);
  };

  const showPlans = state.stage === 'none' || state.stage === 'ended';

  return (
    <div className="space-y-8">
      <div aria-live="polite" role="status" className="min-h-6">
        {waiting ? <p>Waiting for Stripe to confirm…</p> : announcement ? <p>{announcement}</p> : null}
      </div>
      {error && !dialog ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-900">
          {error}
        </p>
      ) : null}

      {state.failedInvoice || state.stage === 'payment_failed' ? (
        <section
          aria-labelledby="failed-heading"
          className="rounded-3xl border-2 border-red-700 bg-red-50 p-6"
        >
          <h2 id="failed-heading" className="font-display text-xl font-bold text-red-900">
            Your last payment didn’t go through
          </h2>
          <p className="mt-2 text-red-900">
            Your card was declined or has expired. Please update your card: your child keeps their sessions
            for 7 days
            {state.failedInvoice?.paymentFailedAt
              ? ` (until ${formatDate(new Date(new Date(state.failedInvoice.paymentFailedAt).getTime() + 7 * 86_400_000).toISOString())})`
              : ''}{' '}
            while you do, and we try the payment again.
          </p>
          <Button
            className="mt-4"
            onClick={() => void run({ action: 'update_card' })}
            disabled={action.isPending}
          >
            Update card
          </Button>
        </section>
      ) : null}

      {subscription && state.plan && state.stage !== 'ended' ? (
        <section
          aria-labelledby="plan-heading"
          className="rounded-3xl border border-brand-100 bg-white p-6 shadow-sm"
        >
          <h2 id="plan-heading" className="font-display text-xl font-bold text-ink">
            Your plan
          </h2>
          <dl className="mt-4 grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-ink-muted">Plan</dt>
              <dd className="font-semibold" data-testid="current-plan">
                {state.plan.name} · {familySessionsLabel(state.plan.sessionsPerWeek)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">Status</dt>
              <dd>
                <span
                  data-testid="plan-status"
                  className={`inline-block rounded-full px-3 py-1 text-sm font-bold ${STAGE_STYLES[state.stage]}`}
                >
                  {state.stage === 'cancelling' && subscription.currentPeriodEnd
                    ? `Ends on ${formatDate(subscription.currentPeriodEnd)}`
                    : STAGE_LABELS[state.stage]}
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">Next charge</dt>
              <dd className="font-semibold" data-testid="next-charge">
                <NextChargeText stage={state.stage} fallback={state.nextCharge} summary={summary} />
              </dd>
              {summary.data?.nextCharge?.proration ? (
                <dd className="mt-1 text-sm text-ink-muted" data-testid="next-charge-proration">
                  {summary.data.nextCharge.proration > 0
                    ? `Includes ${formatMoney(summary.data.nextCharge.proration, summary.data.nextCharge.currency)} for your change of plan, for the rest of this month.`
                    : `Includes a credit of ${formatMoney(-summary.data.nextCharge.proration, summary.data.nextCharge.currency)} for your change of plan, for the rest of this month.`}
                </dd>
              ) : null}
            </div>
          </dl>
          <div className="mt-6 flex flex-wrap gap-3">
            {state.stage !== 'cancelling' ? (
              <Button variant="secondary" size="sm" onClick={() => open('change_plan')}>
                Change plan
              </Button>
            ) : null}
            {state.stage === 'paused' ? (
              <Button variant="secondary" size="sm" onClick={() => open('resume')}>
                Resume plan
              </Button>
            ) : state.stage !== 'cancelling' ? (
              <Button variant="secondary" size="sm" onClick={() => open('pause')}>
                Pause plan
              </Button>
            ) : null}
            {state.stage === 'cancelling' ? (
              <Button variant="secondary" size="sm" onClick={() => open('keep')}>
                Keep my plan
              </Button>
            ) : (
              <Button variant="ghost" size="sm" onClick={() => open('cancel')}>
                Cancel plan
              </Button>
            )}
          </div>
          <p className="mt-4 text-sm text-ink-muted">
            {planSessionsScope} {planCancelNote}
          </p>
        </section>
      ) : null}

      {summary.data?.card && state.stage !== 'ended' ? (
        <section
          aria-labelledby="card-heading"
          className="rounded-3xl border border-brand-100 bg-white p-6 shadow-sm"
        >
          <h2 id="card-heading" className="font-display text-xl font-bold text-ink">
            Payment card
          </h2>
          <p className="mt-2" data-testid="card-on-file">
            {cardText(summary.data.card)}
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-4"
            onClick={() => void run({ action: 'update_card' })}
            disabled={action.isPending}
          >
            Replace card
          </Button>
          <p className="mt-2 text-sm text-ink-muted">
            Opens Stripe&apos;s secure page, then brings you back here.
          </p>
        </section>
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
              busyPlan={checkoutPlan}
              onChoose={(plan) => {
                setCheckoutPlan(plan);
                void run({ action: 'checkout', plan });
              }}
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
        <ConfirmDialog
          open
          onOpenChange={(isOpen) => {
            if (!isOpen) setDialog(null);
          }}
          title={CONFIRM[dialog].title}
          description={CONFIRM[dialog].description}
          confirmLabel={CONFIRM[dialog].confirm}
          busy={action.isPending}
          disabled={dialog === 'change_plan' && !newPlan}
          onConfirm={confirmChange}
        >
          {dialog === 'change_plan' ? (
            <label className="block">
              <span className="mb-1 block text-sm font-semibold">New plan</span>
              <Select value={newPlan} onChange={(e) => setNewPlan(e.target.value as PlanId | '')}>
                <option value="">Choose a plan</option>
                {plans
                  .filter((p) => p.id !== subscription?.plan)
                  .map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}: ${p.price} a month, {familySessionsLabel(p.sessionsPerWeek)}
                    </option>
                  ))}
              </Select>
            </label>
          ) : null}
          {error ? (
            <p role="alert" className="mt-3 text-red-800">
              {error}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

function cardText(card: NonNullable<BillingSummary['card']>): string {
  const brand = BRANDS[card.brand] ?? 'Card';
  return `${brand} ending in ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}

/**
 * The next charge as Stripe previews it (with a plan change's difference); while it loads, a word
 * that it is loading; if Stripe cannot say, the plan's price on the renewal date.
 */
function NextChargeText({
  stage,
  fallback,
  summary,
}: {
  stage: BillingStage;
  fallback: { amount: number; date: string } | null;
  summary: ReturnType<typeof useBillingSummary>;
}) {
  if (!fallback) return <>{stage === 'paused' ? 'None while paused' : 'None: your plan ends'}</>;
  const next = summary.data?.nextCharge;
  if (next?.date) return <>{`${formatMoney(next.amountDue, next.currency)} on ${formatDate(next.date)}`}</>;
  if (summary.isPending) return <>Checking with Stripe…</>;
  return <>{`${formatMoney(fallback.amount * 100)} on ${formatDate(fallback.date)}`}</>;
}
