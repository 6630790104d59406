import { Check } from 'lucide-react';
import { sectionIds } from '@/content/nav';
import { formatPrice, planCancelNote, plansForVariant, type Plan } from '@/content/plans';
import type { Cta, LandingVariant } from '@/content/variants';
import { cn } from '@/lib/cn';
import { CtaButton } from './cta-button';
import { Section } from './section';

export const mostPopularLabel = 'Most Popular';

function sessionsLabel(count: number) {
  return `${count} session${count === 1 ? '' : 's'} per week`;
}

export function PlanCard({ plan, popular, cta }: { plan: Plan; popular: boolean; cta: Cta }) {
  const headingId = `plan-${plan.id}`;
  return (
    <li
      aria-labelledby={headingId}
      data-plan={plan.id}
      className={cn(
        'relative flex flex-col rounded-3xl bg-white p-6 sm:p-8',
        popular ? 'shadow-xl ring-2 ring-brand-700 lg:-my-4 lg:py-12' : 'shadow-sm ring-1 ring-brand-100',
      )}
    >
      {popular && (
        <p className="absolute -top-4 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-sun-400 px-4 py-1 font-display text-sm font-extrabold text-ink shadow">
          {mostPopularLabel}
        </p>
      )}
      <h3 id={headingId} className="font-display text-2xl font-extrabold text-ink">
        {plan.name}
      </h3>
      <p className="mt-1 font-semibold text-brand-700">{sessionsLabel(plan.sessionsPerWeek)}</p>
      <p className="mt-4 flex items-baseline gap-1">
        <span data-testid="plan-price" className="font-display text-5xl font-extrabold text-ink">
          {formatPrice(plan.price)}
        </span>
        <span className="text-ink-muted">/month</span>
      </p>
      <p className="mt-3 text-ink-muted">{plan.summary}</p>
      <ul aria-label={`${plan.name} includes`} className="mt-6 grid flex-1 content-start gap-3">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3 text-ink">
            <Check className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-8">
        <CtaButton cta={cta} fullWidth variant={popular ? 'primary' : 'secondary'} />
      </div>
    </li>
  );
}

/** The variant's three plan cards, with its Steady Growth price and Most Popular badge. */
export function PricingSection({ variant }: { variant: LandingVariant }) {
  const { pricing } = variant;
  return (
    <Section
      id={sectionIds.pricing}
      eyebrow="Pricing"
      title={pricing.heading}
      intro={pricing.intro}
      tone="green"
    >
      <ul className="grid gap-10 pt-4 lg:grid-cols-3 lg:gap-6">
        {plansForVariant(variant).map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            popular={plan.id === pricing.popularPlan}
            cta={pricing.planCta}
          />
        ))}
      </ul>
      <p className="mt-10 text-center font-semibold text-ink">{planCancelNote}</p>
    </Section>
  );
}
