import { AlertTriangle, Check } from 'lucide-react';
import { PublicLayout } from '@/app/components/public-layout';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { notAFit, programFacts, programIncludes, programJourney, programSkills } from '@/content/pages';
import { formatPrice, planCancelNote, plans, steadyGrowthBasePrice } from '@/content/plans';
import { usePageMeta } from '@/lib/use-page-meta';
import { ContentSection, PageHeader } from '@/features/marketing/components/page-header';

export default function ProgramsPage() {
  usePageMeta({
    title: 'The coaching program',
    description: `Weekly ${site.sessionMinutes}-minute 1:1 video coaching for children aged ${site.ages}: the four skills, how sessions work, what parents get, and the plans.`,
  });
  return (
    <PublicLayout>
      <main id="main">
        <PageHeader eyebrow="Programs" title="1:1 coaching for kids and the grown-ups who love them">
          <p>{site.description}</p>
        </PageHeader>

        <div className="mx-auto max-w-4xl px-4 pt-10 sm:px-6">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {programFacts.map((fact) => (
              <div
                key={fact.label}
                className="rounded-2xl border border-brand-100 bg-white p-4 text-center shadow-sm"
              >
                <dt className="text-sm text-ink-muted">{fact.label}</dt>
                <dd className="font-display text-xl font-extrabold text-brand-800">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>

        <ContentSection id="skills" title="The four skills we build">
          <p>Most children work on one or two skills at a time, chosen with you after the intro call.</p>
          <ul className="grid gap-4 md:grid-cols-2">
            {programSkills.map((skill) => (
              <li key={skill.key} className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
                <h3 className="font-display text-lg font-bold text-ink">{skill.name}</h3>
                <p className="mt-1">{skill.lead}</p>
                <p className="mt-3 text-sm font-semibold text-ink">What it can look like:</p>
                <ul className="mt-1 space-y-1 text-sm">
                  {skill.looksLike.map((item) => (
                    <li key={item} className="flex gap-2">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
                      {item}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </ContentSection>

        <ContentSection id="included" title="What every family gets">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {programIncludes.map((item) => (
              <li key={item.title} className="rounded-2xl bg-brand-50 p-5">
                <h3 className="font-display font-bold text-ink">{item.title}</h3>
                <p className="mt-1 text-sm">{item.text}</p>
              </li>
            ))}
          </ul>
        </ContentSection>

        <ContentSection id="journey" title="How it works">
          <ol className="space-y-4">
            {programJourney.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-display font-extrabold text-white"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-display font-bold text-ink">{step.title}</h3>
                  <p>{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </ContentSection>

        <ContentSection id="plans" title="Plans">
          <p>
            Choose how many sessions a week fit your family. Plans start at{' '}
            {formatPrice(steadyGrowthBasePrice)} a month. {planCancelNote}
          </p>
          <ul className="grid gap-4 md:grid-cols-3">
            {plans.map((plan) => (
              <li key={plan.id} className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
                <h3 className="font-display text-lg font-bold text-ink">{plan.name}</h3>
                <p className="text-sm font-semibold text-brand-700">
                  {plan.sessionsPerWeek} session{plan.sessionsPerWeek > 1 ? 's' : ''} a week
                </p>
                <p className="mt-2 text-sm">{plan.summary}</p>
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-3 pt-2 sm:flex-row">
            <ButtonLink to={paths.pricing}>Compare plans & pricing</ButtonLink>
            <ButtonLink to={paths.quiz} variant="secondary">
              Take the free {site.assessmentMinutes}-minute assessment
            </ButtonLink>
          </div>
        </ContentSection>

        <section aria-labelledby="clinician-title" className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
          <div className="rounded-3xl border-2 border-sun-400 bg-sun-100 p-6 sm:p-8">
            <h2
              id="clinician-title"
              className="flex items-center gap-2 font-display text-xl font-extrabold text-ink"
            >
              <AlertTriangle className="h-5 w-5 text-ink" aria-hidden="true" />
              {notAFit.title}
            </h2>
            <p className="mt-3 text-ink">{notAFit.intro}</p>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-ink">
              {notAFit.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <p className="mt-3 text-ink">{notAFit.outro}</p>
          </div>
        </section>
      </main>
    </PublicLayout>
  );
}
