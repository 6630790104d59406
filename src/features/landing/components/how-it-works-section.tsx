import { howItWorksSteps } from '@/content/steps';
import { sectionIds } from '@/content/nav';
import type { LandingVariant } from '@/content/variants';
import { CtaButton } from './cta-button';
import { Section } from './section';

export function HowItWorksSection({ variant }: { variant: LandingVariant }) {
  return (
    <Section
      id={sectionIds.howItWorks}
      eyebrow="How it works"
      title="From first call to calmer days in four steps"
      tone="green"
    >
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {howItWorksSteps.map((step, index) => (
          <li key={step.title} className="relative rounded-3xl bg-white p-6 shadow-sm">
            <span
              aria-hidden="true"
              className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-brand-700 font-display text-lg font-extrabold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 font-display text-xl font-bold text-ink">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-ink-muted">{step.description}</p>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex flex-col items-center gap-3 text-center">
        <p className="font-display text-xl font-bold text-ink">{variant.closing.heading}</p>
        <p className="max-w-xl text-ink-muted">{variant.closing.body}</p>
        <CtaButton cta={variant.cta} size="lg" />
      </div>
    </Section>
  );
}
