import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { familySessionsLabel, planSessionsScope, plans, type PlanId } from '@/content/plans';
import { cn } from '@/lib/cn';

/** The three plans as /pricing shows them, each with the button that starts its checkout. */
export function PlanCards({
  recommendedPlan,
  onChoose,
  busyPlan,
}: {
  recommendedPlan: PlanId | null;
  onChoose: (plan: PlanId) => void;
  busyPlan: PlanId | null;
}) {
  return (
    <>
      <p className="mb-4 text-sm text-ink-muted">{planSessionsScope}</p>
      <ul className="grid gap-4 md:grid-cols-3">
        {plans.map((plan) => {
          const recommended = plan.id === recommendedPlan;
          return (
            <li
              key={plan.id}
              aria-label={plan.name}
              className={cn(
                'flex flex-col rounded-3xl border bg-white p-6 shadow-sm',
                recommended ? 'border-2 border-brand-700' : 'border-brand-100',
              )}
            >
              {recommended ? (
                <p className="mb-2 self-start rounded-full bg-sun-400 px-3 py-1 text-sm font-bold text-ink">
                  Recommended by your quiz
                </p>
              ) : null}
              <h3 className="font-display text-xl font-bold text-ink">{plan.name}</h3>
              <p className="mt-1 text-ink-muted">{plan.summary}</p>
              <p className="mt-4">
                <span className="font-display text-3xl font-extrabold text-ink">${plan.price}</span>
                <span className="text-ink-muted"> / month</span>
              </p>
              <p className="mt-1 text-sm font-semibold text-ink">
                {familySessionsLabel(plan.sessionsPerWeek)}
              </p>
              <ul className="mt-4 flex-1 space-y-2 text-sm">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Button
                className="mt-6"
                onClick={() => onChoose(plan.id)}
                disabled={busyPlan !== null}
                aria-label={`Choose ${plan.name}`}
              >
                {busyPlan === plan.id ? 'Opening checkout…' : `Choose ${plan.name}`}
              </Button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
