import { CalendarCheck, Heart, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import type { LandingVariant } from '@/content/variants';
import { cn } from '@/lib/cn';
import { CtaButton } from './cta-button';

/** An example weekly parent update: what families get, shown rather than told. */
function ParentUpdateCard() {
  return (
    <figure
      aria-label="Example of a weekly parent update"
      className="relative mx-auto w-full max-w-sm rounded-3xl bg-white p-6 shadow-xl ring-1 ring-brand-100"
    >
      <div className="flex items-center gap-3">
        <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <Heart className="h-5 w-5" aria-hidden="true" />
        </span>
        <div>
          <p className="font-display font-bold text-ink">Weekly parent update</p>
          <p className="text-sm text-ink-muted">Maya, age 8 · Coach Jenna</p>
        </div>
      </div>
      <dl className="mt-5 grid gap-4 text-sm">
        <div className="rounded-2xl bg-brand-50 p-4">
          <dt className="font-bold text-brand-800">This week’s win</dt>
          <dd className="mt-1 text-ink">Used her calm-down plan twice before bedtime, all on her own.</dd>
        </div>
        <div className="rounded-2xl bg-sun-100 p-4">
          <dt className="font-bold text-ink">Try at home</dt>
          <dd className="mt-1 text-ink">
            “Name it to tame it”: ask her to name the feeling, then breathe together.
          </dd>
        </div>
        <div className="flex flex-wrap items-center gap-x-1 px-1 text-ink-muted">
          <dt className="flex items-center gap-2">
            <CalendarCheck className="h-4 w-4 text-brand-700" aria-hidden="true" />
            Next session:
          </dt>
          <dd>Tuesday, 4:30 pm</dd>
        </div>
      </dl>
      <figcaption className="sr-only">An example of the update parents receive after each week.</figcaption>
      <div
        aria-hidden="true"
        className="absolute -left-4 -top-4 hidden items-center gap-1 rounded-full bg-sun-400 px-3 py-1 text-sm font-bold text-ink shadow sm:flex"
      >
        <Star className="h-4 w-4" /> 5.0 from parents
      </div>
    </figure>
  );
}

export function Hero({
  variant,
  underFixedBar,
  notice,
}: {
  variant: LandingVariant;
  underFixedBar: boolean;
  /** Above the hero's text: a word for this visitor only, never in the prerendered HTML. */
  notice?: ReactNode;
}) {
  const { hero } = variant;
  return (
    <section
      aria-labelledby="hero-heading"
      className={cn(
        'relative overflow-hidden bg-gradient-to-b from-brand-50 via-cream to-cream',
        underFixedBar ? 'pt-28 sm:pt-32' : 'pt-12 sm:pt-16',
        'pb-16 sm:pb-24',
      )}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full bg-sun-100 opacity-70 blur-2xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-[1.35fr_1fr]">
        <div>
          {notice}
          <p className="inline-flex rounded-full bg-white px-4 py-1 font-display text-sm font-bold text-brand-800 shadow-sm ring-1 ring-brand-100">
            {hero.eyebrow}
          </p>
          <h1
            id="hero-heading"
            className="mt-5 font-display text-4xl font-extrabold leading-tight tracking-tight text-ink sm:text-5xl lg:text-6xl"
          >
            {hero.title}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-ink-muted sm:text-xl">{hero.subtitle}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <CtaButton cta={hero.primary} size="lg" />
            {hero.secondary && <CtaButton cta={hero.secondary} size="lg" variant="secondary" />}
          </div>
          {hero.note && <p className="mt-4 text-sm font-semibold text-ink-muted">{hero.note}</p>}
        </div>
        <ParentUpdateCard />
      </div>
    </section>
  );
}
