import { scenarios } from '@/content/scenarios';
import type { LandingVariant } from '@/content/variants';
import { CtaButton } from './cta-button';
import { Section } from './section';

export function ScenariosSection({ variant }: { variant: LandingVariant }) {
  return (
    <Section
      id="scenarios"
      eyebrow="Real life, real progress"
      title="The moments that matter at home"
      tone="white"
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {scenarios.map((scenario) => (
          <li key={scenario.title} className="flex flex-col rounded-3xl bg-cream p-6 ring-1 ring-brand-100">
            <p className="text-sm font-bold text-ink-muted">{scenario.moment}</p>
            <h3 className="mt-1 font-display text-2xl font-bold text-ink">{scenario.title}</h3>
            <dl className="mt-4 grid gap-3">
              <div>
                <dt className="text-sm font-bold uppercase tracking-wider text-ink-muted">Before</dt>
                <dd className="mt-1 text-ink">{scenario.before}</dd>
              </div>
              <div className="rounded-2xl bg-brand-50 p-4">
                <dt className="text-sm font-bold uppercase tracking-wider text-brand-800">With coaching</dt>
                <dd className="mt-1 text-ink">{scenario.after}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex justify-center">
        <CtaButton cta={variant.cta} size="lg" />
      </div>
    </Section>
  );
}
