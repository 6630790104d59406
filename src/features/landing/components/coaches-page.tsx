import { ShieldCheck } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { coaches, coachStandards } from '@/content/coaches';
import { founders } from '@/content/founders';
import { PersonCard } from './people';

/** The /coaches page body: sample coaches, how we choose them, the founders, a waitlist CTA. */
export function CoachesPage() {
  return (
    <main id="main">
      <section
        aria-labelledby="coaches-heading"
        className="bg-gradient-to-b from-brand-50 to-cream py-16 sm:py-20"
      >
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
          <p className="font-display text-sm font-bold uppercase tracking-wider text-brand-700">
            Our coaches
          </p>
          <h1
            id="coaches-heading"
            className="mt-2 font-display text-4xl font-extrabold tracking-tight text-ink sm:text-5xl"
          >
            The people your child will look forward to seeing
          </h1>
          <p className="mt-5 text-lg text-ink-muted">
            Every {site.name} coach has years of experience with children aged {site.ages}, and is chosen as
            much for warmth as for skill. Here are a few of them.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to={paths.waitlist} size="lg">
              Join the Waitlist
            </ButtonLink>
            <ButtonLink to={paths.pricing} size="lg" variant="secondary">
              See Plans & Pricing
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="sample-coaches-heading" className="py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2
            id="sample-coaches-heading"
            className="text-center font-display text-3xl font-extrabold text-ink"
          >
            Meet a few of our coaches
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {coaches.map((coach) => (
              <PersonCard key={coach.name} person={coach} />
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="standards-heading" className="bg-white py-16">
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <h2 id="standards-heading" className="text-center font-display text-3xl font-extrabold text-ink">
            How we choose and support coaches
          </h2>
          <ul className="mt-10 grid gap-4 sm:grid-cols-2">
            {coachStandards.map((standard) => (
              <li key={standard} className="flex gap-3 rounded-2xl bg-cream p-5 ring-1 ring-brand-100">
                <ShieldCheck className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
                <span className="text-ink">{standard}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="founders-heading" className="py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="founders-heading" className="text-center font-display text-3xl font-extrabold text-ink">
            Led by our co-founders
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {founders.map((founder) => (
              <PersonCard key={founder.name} person={founder} />
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="coaches-cta-heading" className="bg-brand-800 py-16 text-white">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-5 px-4 text-center sm:px-6">
          <h2 id="coaches-cta-heading" className="font-display text-3xl font-extrabold">
            Find the right coach for your child
          </h2>
          <p className="text-lg text-brand-50">
            Join the waitlist: we reply within {site.replyWithinHours} hours and match you after a free{' '}
            {site.introCallMinutes}-minute intro call.
          </p>
          <ButtonLink to={paths.waitlist} size="lg" variant="sun">
            Join the Waitlist
          </ButtonLink>
        </div>
      </section>
    </main>
  );
}
