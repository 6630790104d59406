import type { BillingSummary } from '../api/get-billing-summary';

/** A change a parent can make to their plan (the billing function's actions, and keeping a plan). */
export type Change = 'change_plan' | 'pause' | 'resume' | 'cancel' | 'keep';

/** What each confirmation dialog asks, says and offers. */
export const CHANGE_COPY: Record<Change, { title: string; description: string; confirm: string }> = {
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

/** What the page says once Stripe's event has reached our tables. */
export const CONFIRMED = {
  checkout: 'Thank you: your plan is active.',
  checkoutCancelled: 'Checkout was cancelled: nothing was charged.',
  changePlan: (planName: string) => `Your plan is now ${planName}.`,
  pause: 'Your plan is paused.',
  resume: 'Your plan is active again.',
  cancel: 'Your plan is cancelled.',
  keep: 'Your plan continues.',
};

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** "Visa ending in 4242, expires 04/2030". */
export function cardText(card: NonNullable<BillingSummary['card']>): string {
  const brand = BRANDS[card.brand] ?? 'Card';
  return `${brand} ending in ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}
