import { Link } from '@/lib/navigation';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import type { Plan } from '@/content/plans';
import { bandCopy, planReasons, skillResultCopy, skills, type Band } from '@/content/quiz';
import { cn } from '@/lib/cn';
import type { QuizResult } from '../lib/scoring';

const bandStyles: Record<Band, { badge: string; bar: string }> = {
  strength: { badge: 'bg-brand-100 text-brand-900', bar: 'bg-brand-600' },
  growing: { badge: 'bg-sun-100 text-ink', bar: 'bg-sun-400' },
  'focus-area': { badge: 'bg-ink text-white', bar: 'bg-ink' },
};

/** Each skill's score out of 100, its band and what it means; then what each band means. */
export function SkillScores({
  result,
  personalise: p,
}: {
  result: QuizResult;
  personalise: (text: string) => string;
}) {
  return (
    <section aria-labelledby="scores-title" className="space-y-4">
      <h2 id="scores-title" className="font-display text-2xl font-bold">
        Scores by skill
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {skills.map((skill) => {
          const score = result.scores[skill.key];
          const band = result.bands[skill.key];
          return (
            <li
              key={skill.key}
              className={cn(
                'space-y-3 rounded-2xl border bg-white p-5 shadow-sm',
                skill.key === result.topFocusArea ? 'border-2 border-brand-700' : 'border-brand-100',
              )}
            >
              <div className="flex items-start justify-between gap-3">
                <h3 className="font-display text-lg font-bold">{skill.name}</h3>
                <span
                  className={cn(
                    'shrink-0 whitespace-nowrap rounded-full px-3 py-1 text-xs font-bold',
                    bandStyles[band].badge,
                  )}
                >
                  {bandCopy[band].label}
                </span>
              </div>
              <p className="font-display text-3xl font-extrabold text-ink">
                {score}
                <span className="text-base font-semibold text-ink-muted"> / 100</span>
              </p>
              <div className="h-2.5 overflow-hidden rounded-full bg-brand-50" aria-hidden="true">
                <div
                  className={cn('h-full rounded-full', bandStyles[band].bar)}
                  style={{ width: `${score}%` }}
                />
              </div>
              <p className="text-sm text-ink-muted">{p(skillResultCopy[skill.key][band])}</p>
            </li>
          );
        })}
      </ul>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        {(['strength', 'growing', 'focus-area'] as const).map((band) => (
          <div key={band} className="rounded-xl bg-white/70 p-3">
            <dt>
              <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold', bandStyles[band].badge)}>
                {bandCopy[band].label}
              </span>
            </dt>
            <dd className="mt-2 text-ink-muted">{bandCopy[band].summary}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The plan the scores point to, why, and the ways to start. */
export function RecommendedPlan({
  plan,
  personalise: p,
}: {
  plan: Plan;
  personalise: (text: string) => string;
}) {
  return (
    <section
      aria-labelledby="plan-title"
      className="space-y-4 rounded-3xl border-2 border-sun-400 bg-white p-6 shadow-sm sm:p-8"
      data-testid="recommended-plan"
    >
      <p className="font-display text-sm font-bold uppercase tracking-wider text-brand-700">
        Recommended plan
      </p>
      <h2 id="plan-title" className="font-display text-2xl font-extrabold sm:text-3xl">
        {plan.name}
      </h2>
      <p className="text-ink-muted">
        {plan.sessionsPerWeek} × {site.sessionMinutes}-minute 1:1 video session
        {plan.sessionsPerWeek > 1 ? 's' : ''} per week with a dedicated coach, parents included.
      </p>
      <p>{p(planReasons[plan.id])}</p>
      <ul className="grid gap-1 text-sm text-ink-muted sm:grid-cols-2">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="text-brand-700">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-3 pt-2 sm:flex-row">
        <ButtonLink to={paths.requestFitCall} size="lg">
          Book a free {site.introCallMinutes}-minute intro call
        </ButtonLink>
        <ButtonLink to={paths.waitlist} variant="secondary" size="lg">
          Join the waitlist
        </ButtonLink>
      </div>
      <p className="text-sm text-ink-muted">
        We reply within {site.replyWithinHours} hours, and families typically start within a week of the intro
        call. Compare all plans on the{' '}
        <Link to={paths.pricing} className="font-semibold text-brand-800 underline underline-offset-4">
          pricing page
        </Link>
        .
      </p>
    </section>
  );
}
