import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { sectionIds } from '@/content/nav';
import type { LandingVariant } from '@/content/variants';
import { CtaButton } from './cta-button';
import { Section } from './section';
import { AfterHydration } from './after-hydration';

/** The inline contact form's section; the form itself comes from the app layer. */
export function ContactSection({ variant, form }: { variant: LandingVariant; form: ReactNode }) {
  return (
    <Section
      id={sectionIds.contactForm}
      eyebrow="Free consultation"
      title={variant.closing.heading}
      intro={variant.closing.body}
      tone="green"
    >
      <div className="mx-auto max-w-2xl rounded-3xl bg-white p-6 shadow-lg ring-1 ring-brand-100 sm:p-10">
        <AfterHydration minHeight="min-h-[480px]">{form}</AfterHydration>
      </div>
    </Section>
  );
}

/** The newsletter signup; the form comes from the app layer. */
export function NewsletterSection({ form }: { form: ReactNode }) {
  return (
    <Section
      id="newsletter"
      eyebrow="Monthly newsletter"
      title="Calmer-home tips, once a month"
      intro="Short, practical ideas for feelings, focus and family routines. No spam, unsubscribe any time."
      tone="sun"
    >
      <div className="mx-auto max-w-xl">
        <AfterHydration minHeight="min-h-[136px]">{form}</AfterHydration>
      </div>
    </Section>
  );
}

/** The closing waitlist call to action (the site nav's Join Waitlist scrolls here). */
export function WaitlistCtaSection({ variant }: { variant: LandingVariant }) {
  return (
    <section
      id={sectionIds.waitlist}
      aria-labelledby="waitlist-heading"
      className="scroll-mt-20 bg-brand-800 py-16 text-white focus:outline-none sm:py-20"
    >
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-5 px-4 text-center sm:px-6">
        <h2 id="waitlist-heading" className="font-display text-3xl font-extrabold sm:text-4xl">
          {variant.closing.heading}
        </h2>
        <p className="text-lg text-brand-50">{variant.closing.body}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <CtaButton cta={variant.cta} size="lg" variant="sun" />
          {variant.path === paths.pricing ? (
            <ButtonLink to={paths.coaches} size="lg" variant="outline-light">
              Meet Our Coaches
            </ButtonLink>
          ) : (
            <ButtonLink to={paths.pricing} size="lg" variant="outline-light">
              See Plans & Pricing
            </ButtonLink>
          )}
        </div>
        <p className="text-brand-100">
          Beta: first {site.betaFamilies} families · We reply within {site.replyWithinHours} hours
        </p>
      </div>
    </section>
  );
}
