import { CalendarCheck, MailCheck, Sparkles, Users } from 'lucide-react';
import { site } from '@/config/site';
import { sectionIds } from '@/content/nav';
import { WaitlistForm } from '@/features/lead-forms/components/waitlist-form';
import { usePageMeta } from '@/lib/use-page-meta';
import { PublicLayout } from '@/app/components/public-layout';

const nextSteps = [
  {
    icon: MailCheck,
    title: 'You hear from us',
    text: `We confirm your place by email and reply personally within ${site.replyWithinHours} hours.`,
  },
  {
    icon: CalendarCheck,
    title: `A free ${site.introCallMinutes}-minute intro call`,
    text: "We talk about your child and what you'd like to change at home. No payment, no pressure.",
  },
  {
    icon: Sparkles,
    title: 'Matched with a coach',
    text: `Your child starts weekly ${site.sessionMinutes}-minute sessions, typically within a week of the call.`,
  },
];

export default function WaitlistPage() {
  usePageMeta({
    title: 'Join the waitlist',
    description: `Join the ${site.name} waitlist: 1:1 coaching for children aged ${site.ages}. Beta places for the first ${site.betaFamilies} families.`,
  });
  return (
    <PublicLayout>
      <main id="main" className="pb-20">
        <section className="bg-gradient-to-b from-brand-50 to-cream px-4 pb-10 pt-12 sm:px-6 sm:pt-16">
          <div className="mx-auto max-w-3xl text-center">
            <p className="inline-flex items-center gap-2 rounded-full bg-sun-100 px-4 py-1.5 text-sm font-bold text-ink">
              <Users className="h-4 w-4" aria-hidden="true" />
              Beta: first {site.betaFamilies} families
            </p>
            <h1 className="mt-4 font-display text-3xl font-extrabold text-ink sm:text-5xl">
              Join the waitlist
            </h1>
            <p className="mt-4 text-lg text-ink-muted">
              Weekly 1:1 coaching for children aged {site.ages}, with parents included. We're opening places
              to our first {site.betaFamilies} families. Add your name and we'll be in touch.
            </p>
          </div>
        </section>

        <div className="mx-auto grid max-w-5xl gap-10 px-4 sm:px-6 lg:grid-cols-[3fr_2fr]">
          <section
            id={sectionIds.waitlist}
            aria-labelledby="waitlist-form-heading"
            className="scroll-mt-24 rounded-3xl border border-brand-100 bg-white p-5 shadow-sm sm:p-8"
          >
            <h2 id="waitlist-form-heading" className="font-display text-2xl font-extrabold text-ink">
              Save your family's place
            </h2>
            <p className="mb-6 mt-1 text-ink-muted">It takes under a minute.</p>
            <WaitlistForm source="waitlist" />
          </section>

          <section aria-labelledby="next-heading">
            <h2 id="next-heading" className="font-display text-2xl font-extrabold text-ink">
              What happens next
            </h2>
            <ol className="mt-6 flex flex-col gap-6">
              {nextSteps.map(({ icon: Icon, title, text }, index) => (
                <li key={title} className="flex gap-4">
                  <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
                    <Icon className="h-5 w-5" aria-hidden="true" />
                    <span className="sr-only">Step {index + 1}</span>
                  </span>
                  <div>
                    <h3 className="font-display text-lg font-bold text-ink">{title}</h3>
                    <p className="mt-1 text-ink-muted">{text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </main>
    </PublicLayout>
  );
}
