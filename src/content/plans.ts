/** The coaching plans (SPEC §3 Plan, §9 Plans). Prices are per month, in US dollars. */
export type PlanId = 'steady-growth' | 'focused-progress' | 'intensive-momentum';

export interface Plan {
  id: PlanId;
  name: string;
  sessionsPerWeek: number;
  /** Monthly price in dollars. Steady Growth's differs per landing variant: see variants.ts. */
  price: number;
  summary: string;
  features: readonly string[];
}

/** Steady Growth's price on the variants that do not set their own. */
export const steadyGrowthBasePrice = 350;

/** In the order they are shown: fewest sessions first. */
export const plans: readonly Plan[] = [
  {
    id: 'steady-growth',
    name: 'Steady Growth',
    sessionsPerWeek: 1,
    price: steadyGrowthBasePrice,
    summary: 'A calm weekly rhythm to build skills that last.',
    features: [
      '1 × 30-minute 1:1 video session per week',
      'A dedicated coach who gets to know your child',
      'Parents included in every session',
      'At-home tools and activities',
      'Weekly parent updates',
    ],
  },
  {
    id: 'focused-progress',
    name: 'Focused Progress',
    sessionsPerWeek: 2,
    price: 650,
    summary: 'More practice, faster progress on one clear goal.',
    features: [
      '2 × 30-minute 1:1 video sessions per week',
      'A dedicated coach who gets to know your child',
      'Parents included in every session',
      'At-home tools and activities',
      'Monthly progress reports',
      'Priority scheduling',
      'A custom family plan',
    ],
  },
  {
    id: 'intensive-momentum',
    name: 'Intensive Momentum',
    sessionsPerWeek: 3,
    price: 900,
    summary: 'Daily-feeling support for a season of big change.',
    features: [
      '3 × 30-minute 1:1 video sessions per week',
      'A dedicated coach who gets to know your child',
      'Parents included in every session',
      'At-home tools and activities',
      'Weekly progress reports',
      'Priority scheduling',
      'A deep custom family plan, reviewed with you',
    ],
  },
];

/**
 * The plans as a landing variant shows them: Steady Growth at the variant's price. Here rather than
 * in variants.ts, which every landing page loads first: the plans load with the sections below the
 * hero that show them.
 */
export function plansForVariant(variant: { pricing: { steadyGrowthPrice: number } }): Plan[] {
  return plans.map((plan) =>
    plan.id === 'steady-growth' ? { ...plan, price: variant.pricing.steadyGrowthPrice } : plan,
  );
}

export const planCancelNote = 'Monthly plans can be cancelled or paused at any time.';

/**
 * A plan is the family's (one subscription per family): its weekly sessions are shared by the
 * family's children, as the booking rules count them (private.family_session_allowance).
 */
export const planSessionsScope =
  'A plan is for your family: its weekly sessions are shared between your children (two children on 2 sessions a week: one each, or both for one child).';

/** "2 sessions a week for your family". */
export function familySessionsLabel(sessionsPerWeek: number): string {
  return `${sessionsPerWeek} session${sessionsPerWeek === 1 ? '' : 's'} a week for your family`;
}

export type ComparisonValue = boolean | string;

export interface ComparisonRow {
  feature: string;
  /** One value per plan, in the order of `plans`: Steady Growth, Focused Progress, Intensive Momentum. */
  values: readonly [ComparisonValue, ComparisonValue, ComparisonValue];
}

/** SPEC §9 comparison table. `false` reads "Not included", `true` reads "Included". */
export const comparisonRows: readonly ComparisonRow[] = [
  { feature: 'Sessions per week', values: ['1', '2', '3'] },
  { feature: 'Session length', values: ['30 min', '30 min', '30 min'] },
  { feature: 'Dedicated coach', values: [true, true, true] },
  { feature: 'Parents included', values: [true, true, true] },
  { feature: 'At-home tools', values: [true, true, true] },
  { feature: 'Progress reports', values: [false, 'Monthly', 'Weekly'] },
  { feature: 'Priority scheduling', values: [false, true, true] },
  { feature: 'Custom family plan', values: [false, 'Yes', 'Deep'] },
];

export function formatPrice(dollars: number): string {
  // Whole dollars with thousands separators, written out: a landing page's first Intl call costs a
  // phone's main thread ~50 ms (the number formatter's locale data), more than the page's own work.
  const [whole, cents] = dollars.toFixed(Number.isInteger(dollars) ? 0 : 2).split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${cents ? `.${cents}` : ''}`;
}
