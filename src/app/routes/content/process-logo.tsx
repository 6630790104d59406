import { PublicLayout } from '@/app/components/public-layout';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { usePageMeta } from '@/lib/use-page-meta';
import { ArtworkCard } from '@/features/marketing/components/creative-card';
import { ContentSection, PageHeader } from '@/features/marketing/components/page-header';
import { brandColors } from '@/features/marketing/lib/design-tokens';
import {
  logoConstructionSvg,
  logoLockupSvg,
  logoMarkSvg,
  svgDataUrl,
} from '@/features/marketing/lib/logo-svg';

const steps = [
  {
    title: '1. The tile',
    text: 'A 32-unit square with a 9-unit corner radius: soft enough to feel friendly, firm enough to feel safe.',
  },
  {
    title: '2. The stem',
    text: 'A single upright on the centre axis (unit 16), from unit 17 to unit 25, with round ends. One stem: the family.',
  },
  {
    title: '3. Two leaves',
    text: 'Two leaves leave the stem at slightly different heights: the larger sun-yellow leaf for the child, the smaller green leaf for the parent beside them.',
  },
  {
    title: '4. The wordmark',
    text: 'Ploom set in Nunito ExtraBold with tight letter spacing, its x-height aligned to the top of the leaves.',
  },
];

export default function ProcessLogoPage() {
  usePageMeta({
    title: 'Logo',
    description: `How the ${site.name} logo is built, its variants, and SVG and PNG downloads.`,
  });
  return (
    <PublicLayout>
      <main id="main">
        <PageHeader eyebrow="Brand" title="The Ploom logo">
          <p>
            How the mark is drawn, the approved versions, and files to download. All artwork is plain SVG.
          </p>
        </PageHeader>

        <ContentSection id="construction" title="Construction">
          <div className="grid gap-6 md:grid-cols-[1fr_1fr] md:items-start">
            <img
              src={svgDataUrl(logoConstructionSvg())}
              alt="The Ploom mark drawn on a 32 by 32 grid, with the centre axis, the corner radius and the leaf line marked in yellow dashes."
              width={480}
              height={480}
              className="h-auto w-full rounded-2xl border border-brand-100"
            />
            <ol className="space-y-4">
              {steps.map((step) => (
                <li key={step.title}>
                  <h3 className="font-display font-bold text-ink">{step.title}</h3>
                  <p>{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </ContentSection>

        <ContentSection id="downloads" title="Versions and downloads">
          <p>
            Primary on light backgrounds; reversed on {brandColors.brand[800]} green or photos; one-colour
            where only one ink is available (print, embroidery).
          </p>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            <ArtworkCard
              name="ploom-logo"
              label="Logo, primary"
              svg={logoLockupSvg('primary')}
              width={560}
              height={160}
              alt="Ploom logo, primary colours"
            />
            <ArtworkCard
              name="ploom-logo-reversed"
              label="Logo, reversed"
              svg={logoLockupSvg('reversed', brandColors.brand[800])}
              width={560}
              height={160}
              alt="Ploom logo, reversed on dark green"
            />
            <ArtworkCard
              name="ploom-logo-mono"
              label="Logo, one colour"
              svg={logoLockupSvg('mono')}
              width={560}
              height={160}
              alt="Ploom logo in one colour"
            />
            <ArtworkCard
              name="ploom-mark"
              label="Mark, primary"
              svg={logoMarkSvg('primary', 512)}
              width={512}
              height={512}
              alt="Ploom mark, primary colours"
            />
            <ArtworkCard
              name="ploom-mark-mono"
              label="Mark, one colour"
              svg={logoMarkSvg('mono', 512)}
              width={512}
              height={512}
              alt="Ploom mark in one colour"
            />
          </div>
          <ButtonLink to={paths.brandGuidelines} variant="secondary">
            Logo usage rules in the brand guidelines
          </ButtonLink>
        </ContentSection>
      </main>
    </PublicLayout>
  );
}
