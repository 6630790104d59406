import { PublicLayout } from '@/app/components/public-layout';
import { site } from '@/config/site';
import { adCreatives, campaignLandingPages, creativeFormats } from '@/content/marketing';
import { usePageMeta } from '@/lib/use-page-meta';
import { ArtworkCard } from '@/features/marketing/components/creative-card';
import { CopyBlock } from '@/features/marketing/components/copy-block';
import { PageHeader } from '@/features/marketing/components/page-header';
import { UtmBuilder } from '@/features/marketing/components/utm-builder';
import { useNoIndex } from '@/features/marketing/hooks/use-noindex';
import { creativeSvg } from '@/features/marketing/lib/creative-svg';

const pageName = (path: string) => campaignLandingPages.find((page) => page.path === path)?.name ?? path;

export default function AdCreativesPage() {
  usePageMeta({
    title: 'Ad creatives',
    description: `${site.name}'s ad creatives for the marketing team: artwork in feed and link sizes, ad copy, and campaign links.`,
  });
  useNoIndex();
  return (
    <PublicLayout>
      <main id="main">
        <PageHeader width="wide" eyebrow="For the marketing team" title="Ad creatives">
          <p>
            Ready-to-run artwork in 1080 × 1080 (feed) and 1200 × 628 (link ads), with the copy that goes with
            each, and a link builder so every ad is tracked to its campaign. Keep claims to what we promise:
            coaching, not therapy or medical care.
          </p>
        </PageHeader>
        <div className="mx-auto max-w-6xl space-y-16 px-4 py-12 sm:px-6">
          {adCreatives.map((creative) => (
            <section key={creative.id} aria-labelledby={`${creative.id}-title`} className="space-y-6">
              <div>
                <h2 id={`${creative.id}-title`} className="font-display text-2xl font-extrabold text-ink">
                  {creative.imageHeadline}
                </h2>
                <p className="text-ink-muted">
                  Lands on {pageName(creative.landingPath)} ({creative.landingPath}) · suggested campaign{' '}
                  <code className="rounded bg-brand-50 px-1">{creative.suggestedCampaign}</code>
                </p>
              </div>
              <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
                <div className="grid gap-4 sm:grid-cols-[1fr_1.4fr] sm:items-start">
                  {creativeFormats.map((format) => (
                    <ArtworkCard
                      key={format.id}
                      name={`ploom-${creative.id}-${format.width}x${format.height}`}
                      label={`${format.label}: ${creative.imageHeadline}`}
                      svg={creativeSvg(creative, format.width, format.height)}
                      width={format.width}
                      height={format.height}
                      alt={`${creative.imageHeadline} ${creative.imageSubline}. Button: ${creative.imageCta}.`}
                    />
                  ))}
                </div>
                <div className="space-y-4 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
                  <h3 className="font-display text-lg font-bold text-ink">Ad copy</h3>
                  <CopyBlock label="Headline" text={creative.headline} />
                  <CopyBlock label="Primary text" text={creative.primaryText} />
                  <CopyBlock label="Description" text={creative.description} />
                </div>
              </div>
            </section>
          ))}

          <section aria-labelledby="links-title" className="space-y-4">
            <h2 id="links-title" className="font-display text-2xl font-extrabold text-ink">
              Campaign link builder
            </h2>
            <p className="text-ink-muted">
              Use one link per ad so the landing report shows which creative works.
            </p>
            <UtmBuilder initialPath={adCreatives[0]!.landingPath} />
          </section>
        </div>
      </main>
    </PublicLayout>
  );
}
