/**
 * The three monthly plans as billing knows them: our plan key (the site's and the quiz's), the
 * lookup key of its Stripe price (stable across accounts and the local stand-in, unlike price ids),
 * and its weekly sessions (the database enforces the same numbers: private.plan_weekly_sessions).
 */
export const PLANS = [
  { key: 'steady-growth', lookupKey: 'steady_growth_monthly', name: 'Steady Growth', sessionsPerWeek: 1 },
  {
    key: 'focused-progress',
    lookupKey: 'focused_progress_monthly',
    name: 'Focused Progress',
    sessionsPerWeek: 2,
  },
  {
    key: 'intensive-momentum',
    lookupKey: 'intensive_momentum_monthly',
    name: 'Intensive Momentum',
    sessionsPerWeek: 3,
  },
] as const;

export type PlanKey = (typeof PLANS)[number]['key'];
export const PLAN_KEYS = PLANS.map((p) => p.key) as unknown as readonly [PlanKey, ...PlanKey[]];

export function planOfLookupKey(lookupKey: string | null): PlanKey | null {
  return PLANS.find((p) => p.lookupKey === lookupKey)?.key ?? null;
}

export function lookupKeyOf(plan: PlanKey): string {
  return PLANS.find((p) => p.key === plan)!.lookupKey;
}
