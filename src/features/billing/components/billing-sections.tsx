import { Button } from '@/components/ui/button';
import { familySessionsLabel, planCancelNote, planSessionsScope } from '@/content/plans';
import type { Subscription } from '../api/get-billing';
import type { BillingSummary, useBillingSummary } from '../api/get-billing-summary';
import type { Change } from '../lib/billing-changes';
import { cardText } from '../lib/billing-copy';
import { formatDate, formatMoney, STAGE_LABELS, type BillingStage } from '../lib/billing-state';
import type { billingState } from '../lib/billing-state';

type BillingState = ReturnType<typeof billingState>;

const STAGE_STYLES: Record<BillingStage, string> = {
  none: 'bg-brand-50 text-ink',
  active: 'bg-green-100 text-green-900',
  paused: 'bg-sun-100 text-ink',
  cancelling: 'bg-sun-100 text-ink',
  payment_failed: 'bg-red-100 text-red-900',
  ended: 'bg-brand-50 text-ink',
};

/** The last payment failed: the grace period, and the way to a new card. */
export function PaymentFailedNotice({
  state,
  busy,
  onUpdateCard,
}: {
  state: BillingState;
  busy: boolean;
  onUpdateCard: () => void;
}) {
  return (
    <section aria-labelledby="failed-heading" className="rounded-3xl border-2 border-red-700 bg-red-50 p-6">
      <h2 id="failed-heading" className="font-display text-xl font-bold text-red-900">
        Your last payment didn’t go through
      </h2>
      <p className="mt-2 text-red-900">
        Your card was declined or has expired. Please update your card: your child keeps their sessions for 7
        days
        {state.failedInvoice?.paymentFailedAt
          ? ` (until ${formatDate(new Date(new Date(state.failedInvoice.paymentFailedAt).getTime() + 7 * 86_400_000).toISOString())})`
          : ''}{' '}
        while you do, and we try the payment again.
      </p>
      <Button className="mt-4" onClick={onUpdateCard} disabled={busy}>
        Update card
      </Button>
    </section>
  );
}

/** The family's plan: its status, the next charge, and the changes it allows. */
export function YourPlan({
  subscription,
  state,
  summary,
  open,
}: {
  subscription: Subscription;
  state: BillingState & { plan: NonNullable<BillingState['plan']> };
  summary: ReturnType<typeof useBillingSummary>;
  open: (change: Change) => void;
}) {
  return (
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
  );
}

/** The card on file, and the way to replace it. */
export function PaymentCard({
  card,
  busy,
  onUpdateCard,
}: {
  card: NonNullable<BillingSummary['card']>;
  busy: boolean;
  onUpdateCard: () => void;
}) {
  return (
    <section
      aria-labelledby="card-heading"
      className="rounded-3xl border border-brand-100 bg-white p-6 shadow-sm"
    >
      <h2 id="card-heading" className="font-display text-xl font-bold text-ink">
        Payment card
      </h2>
      <p className="mt-2" data-testid="card-on-file">
        {cardText(card)}
      </p>
      <Button variant="secondary" size="sm" className="mt-4" onClick={onUpdateCard} disabled={busy}>
        Replace card
      </Button>
      <p className="mt-2 text-sm text-ink-muted">
        Opens Stripe&apos;s secure page, then brings you back here.
      </p>
    </section>
  );
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
