import { PublicLayout } from '@/app/components/public-layout';
import { site } from '@/config/site';
import { campaignLandingPages, facebookPageAssets, facebookPageCopy } from '@/content/marketing';
import { usePageMeta } from '@/lib/use-page-meta';
import { ArtworkCard } from '@/features/marketing/components/creative-card';
import { CopyBlock } from '@/features/marketing/components/copy-block';
import { PageHeader } from '@/features/marketing/components/page-header';
import { UtmBuilder } from '@/features/marketing/components/utm-builder';
import { useNoIndex } from '@/features/marketing/hooks/use-noindex';
import { facebookCoverSvg } from '@/features/marketing/lib/facebook-svg';
import { logoMarkSvg } from '@/features/marketing/lib/logo-svg';

export default function FacebookAssetsPage() {
  usePageMeta({
    title: 'Facebook assets',
    description: `${site.name}'s Facebook page images, page copy and tracked links to every landing page.`,
  });
  useNoIndex();
  const [profile, cover] = facebookPageAssets;
  return (
    <PublicLayout>
      <main id="main">
        <PageHeader width="wide" eyebrow="For the marketing team" title="Facebook assets">
          <p>
            Everything for the Facebook and Instagram pages: profile and cover images, the page text, the
            landing pages a post or ad can link to, and a builder for tracked links.
          </p>
        </PageHeader>
        <div className="mx-auto max-w-6xl space-y-16 px-4 py-12 sm:px-6">
          <section aria-labelledby="images-title" className="space-y-4">
            <h2 id="images-title" className="font-display text-2xl font-extrabold text-ink">
              Page images
            </h2>
            <div className="grid gap-6 md:grid-cols-[1fr_2fr] md:items-start">
              <ArtworkCard
                name="ploom-facebook-profile"
                label={profile.label}
                svg={logoMarkSvg('primary', profile.width)}
                width={profile.width}
                height={profile.height}
                alt="The Ploom mark: two leaves on a green rounded square."
              />
              <ArtworkCard
                name="ploom-facebook-cover"
                label={cover.label}
                svg={facebookCoverSvg(cover.width, cover.height)}
                width={cover.width}
                height={cover.height}
                alt={`Ploom cover: ${site.tagline}`}
              />
            </div>
          </section>

          <section aria-labelledby="copy-title" className="space-y-4">
            <h2 id="copy-title" className="font-display text-2xl font-extrabold text-ink">
              Page text
            </h2>
            <div className="grid gap-4 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm md:grid-cols-3">
              <CopyBlock label="About (short)" text={facebookPageCopy.about} />
              <CopyBlock label="Description" text={facebookPageCopy.description} />
              <CopyBlock label="Page button" text={facebookPageCopy.cta} />
            </div>
          </section>

          <section aria-labelledby="landing-title" className="space-y-4">
            <h2 id="landing-title" className="font-display text-2xl font-extrabold text-ink">
              Landing pages
            </h2>
            <div
              className="relative overflow-x-auto rounded-2xl border border-brand-100 bg-white shadow-sm"
              tabIndex={0}
              role="region"
              aria-label="Landing pages (scrolls sideways on small screens)"
            >
              <table className="w-full min-w-[32rem] text-left text-sm">
                <caption className="sr-only">Landing pages a campaign can link to</caption>
                <thead className="bg-brand-50 text-ink">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      Page
                    </th>
                    <th scope="col" className="px-4 py-3">
                      URL
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Asks the visitor to
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-brand-100 text-ink-muted">
                  {campaignLandingPages.map((page) => (
                    <tr key={page.path}>
                      <th scope="row" className="px-4 py-3 font-semibold text-ink">
                        {page.name}
                      </th>
                      <td className="px-4 py-3 font-mono">
                        {new URL(page.path, window.location.origin).toString()}
                      </td>
                      <td className="px-4 py-3">{page.goal}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section aria-labelledby="builder-title" className="space-y-4">
            <h2 id="builder-title" className="font-display text-2xl font-extrabold text-ink">
              Tracked link builder
            </h2>
            <p className="text-ink-muted">
              Pick the landing page and describe the placement. Visits and sign-ups from the link appear per
              campaign in the admin&apos;s landing report.
            </p>
            <UtmBuilder />
          </section>
        </div>
      </main>
    </PublicLayout>
  );
}
