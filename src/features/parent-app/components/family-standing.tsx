import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { plans } from '@/content/plans';
import type { FamilyStanding } from '../api/get-family-standing';
import type { FamilyPlan } from '../api/get-family-plan';
import { firstSessionText, matchingText } from '../lib/journey';

const planName = (plan: string | null) => plans.find((p) => p.id === plan)?.name ?? plan;

/**
 * Where a family with a child still waiting for a coach stands: its details in, its plan (or the way
 * to choose one), the match and when, the first session after it; and the beta's family places.
 */
export function FamilyStandingNote({
  standing,
  plan,
  waitingNames,
}: {
  standing: FamilyStanding;
  /** undefined while it loads */
  plan: FamilyPlan | undefined;
  /** the children without a coach yet */
  waitingNames: readonly string[];
}) {
  const left = Math.max(0, standing.betaPlacesTotal - standing.betaPlacesTaken);
  let beta: string;
  if (standing.holdsBetaPlace)
    beta = `You have one of our first ${standing.betaPlacesTotal} beta family places.`;
  else if (left > 0)
    beta = `Beta: ${left} of our first ${standing.betaPlacesTotal} family places are still open. Yours is held once you are matched.`;
  else
    beta = `Our first ${standing.betaPlacesTotal} beta places are taken, so you are on the waitlist. We will write as soon as a coach is free.`;
  const hasPlan = Boolean(plan?.plan);
  return (
    <section aria-labelledby="family-standing" className="rounded-3xl border border-sun-400 bg-sun-100 p-5">
      <h2 id="family-standing" className="font-display text-xl font-extrabold text-ink">
        What happens next
      </h2>
      <ol className="mt-2 grid gap-2 text-ink">
        <li>✓ Your details are in.</li>
        {plan === undefined ? null : hasPlan ? (
          <li>✓ Your plan: {planName(plan.plan)}.</li>
        ) : (
          <li className="grid gap-2">
            <span>
              Next: choose a plan. Sessions are booked on it, and you can pause or cancel at any time.
            </span>
            <ButtonLink to={paths.appBilling} size="sm" className="w-fit">
              Choose a plan
            </ButtonLink>
          </li>
        )}
        <li>{matchingText(waitingNames, hasPlan)}</li>
        <li>{firstSessionText(waitingNames)}</li>
        <li>{beta}</li>
      </ol>
    </section>
  );
}
