import { PublicLayout } from '@/app/components/public-layout';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { faqGroups } from '@/content/pages';
import { usePageMeta } from '@/lib/use-page-meta';
import { FaqList } from '@/features/marketing/components/faq-list';
import { PageHeader } from '@/features/marketing/components/page-header';

export default function FaqPage() {
  usePageMeta({
    title: 'Frequently asked questions',
    description: `Answers about ${site.name} coaching for children aged ${site.ages}: sessions, parents' role, getting started, plans, privacy and safety.`,
  });
  return (
    <PublicLayout>
      <main id="main">
        <PageHeader eyebrow="FAQ" title="Questions parents ask us">
          <p>
            Can&apos;t find your answer? Write to us and we will reply within {site.replyWithinHours} hours.
          </p>
        </PageHeader>
        <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
          <nav aria-label="FAQ topics" className="mb-10 flex flex-wrap gap-2">
            {faqGroups.map((group) => (
              <a
                key={group.id}
                href={`#${group.id}`}
                className="inline-flex min-h-[44px] items-center rounded-full border border-brand-200 bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50"
              >
                {group.title}
              </a>
            ))}
          </nav>
          <FaqList groups={faqGroups} />
          <div className="mt-12 flex flex-col gap-3 rounded-3xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="font-display text-lg font-bold text-ink">Still wondering about something?</p>
            <ButtonLink to={paths.contact}>Contact us</ButtonLink>
          </div>
        </div>
      </main>
    </PublicLayout>
  );
}
