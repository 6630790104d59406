import { PublicLayout } from '@/app/components/public-layout';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { founders, storyParagraphs } from '@/content/founders';
import { aboutPage } from '@/content/pages';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/use-page-meta';
import { ContentSection, PageHeader } from '@/features/marketing/components/page-header';

const avatarTone = {
  green: 'bg-brand-700 text-white',
  sun: 'bg-sun-400 text-ink',
  ink: 'bg-ink text-white',
} as const;

export default function AboutPage() {
  usePageMeta({
    title: 'About us',
    description: `Why we started ${site.name}, what we believe, and the three co-founders behind 1:1 coaching for children aged ${site.ages} and their parents.`,
  });
  return (
    <PublicLayout>
      <main id="main">
        <PageHeader eyebrow="About us" title={aboutPage.title}>
          <p>{aboutPage.intro}</p>
        </PageHeader>

        <ContentSection id="story" title="Our story">
          {storyParagraphs.map((paragraph) => (
            <p key={paragraph} className="leading-relaxed">
              {paragraph}
            </p>
          ))}
        </ContentSection>

        <section aria-labelledby="mission-title" className="bg-brand-800 text-white">
          <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6">
            <h2
              id="mission-title"
              className="font-display text-sm font-bold uppercase tracking-wider text-sun-400"
            >
              Our mission
            </h2>
            <p className="mt-3 font-display text-2xl font-bold leading-snug sm:text-3xl">
              {aboutPage.mission}
            </p>
          </div>
        </section>

        <ContentSection id="values" title="What we believe">
          <ul className="grid gap-4 sm:grid-cols-2">
            {aboutPage.values.map((value) => (
              <li key={value.title} className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
                <h3 className="font-display text-lg font-bold text-ink">{value.title}</h3>
                <p className="mt-2 text-ink-muted">{value.text}</p>
              </li>
            ))}
          </ul>
        </ContentSection>

        <ContentSection id="founders" title="Meet the co-founders">
          <ul className="grid gap-5 md:grid-cols-3">
            {founders.map((person) => (
              <li
                key={person.name}
                className="rounded-2xl border border-brand-100 bg-white p-6 text-center shadow-sm"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'mx-auto flex h-20 w-20 items-center justify-center rounded-full font-display text-2xl font-extrabold',
                    avatarTone[person.tone],
                  )}
                >
                  {person.initials}
                </span>
                <h3 className="mt-4 font-display text-lg font-bold text-ink">{person.name}</h3>
                <p className="text-sm font-semibold text-brand-700">{person.role}</p>
                <p className="mt-3 text-sm text-ink-muted">{person.bio}</p>
              </li>
            ))}
          </ul>
        </ContentSection>

        <section aria-labelledby="join-title" className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
          <div className="rounded-3xl bg-sun-100 p-6 sm:p-10">
            <h2 id="join-title" className="font-display text-2xl font-extrabold text-ink">
              Join our first families
            </h2>
            <p className="mt-2 text-ink-muted">{aboutPage.beta}</p>
            <div className="mt-5 flex flex-col gap-3 sm:flex-row">
              <ButtonLink to={paths.requestFitCall}>Book a free intro call</ButtonLink>
              <ButtonLink to={paths.programs} variant="secondary">
                See how coaching works
              </ButtonLink>
            </div>
          </div>
        </section>
      </main>
    </PublicLayout>
  );
}
