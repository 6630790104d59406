import { Check, X } from 'lucide-react';
import { PublicLayout } from '@/app/components/public-layout';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { usePageMeta } from '@/lib/use-page-meta';
import { PageHeader, ContentSection } from '@/features/marketing/components/page-header';
import { colorSwatches, contrastRatio, fontStacks } from '@/features/marketing/lib/design-tokens';
import { logoLockupSvg, svgDataUrl } from '@/features/marketing/lib/logo-svg';
import { brandVoice } from '@/content/brand';

const white = '#ffffff';

function textOn(hex: string) {
  return contrastRatio(hex, white) >= contrastRatio(hex, '#1d2433') ? white : '#1d2433';
}

export default function BrandGuidelinesPage() {
  usePageMeta({
    title: 'Brand Guidelines',
    description: `${site.name}'s brand: logo use, the colour and type tokens the site is built with, and our voice and tone.`,
  });
  const groups = colorSwatches();
  return (
    <PublicLayout>
      <main id="main">
        <PageHeader eyebrow="Brand" title="Brand Guidelines">
          <p>
            How {site.name} looks and sounds. The colours and fonts below are read from the same design tokens
            the website is built with, so this page is always current.
          </p>
        </PageHeader>

        <ContentSection id="logo" title="Logo">
          <p>
            The mark is two leaves growing from one stem: a child and a parent growing together. Use the
            lockup (mark and wordmark) wherever there is room, and the mark alone for small, square spaces.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex items-center justify-center rounded-2xl border border-brand-100 bg-white p-6">
              <img
                src={svgDataUrl(logoLockupSvg('primary'))}
                alt="Ploom logo on a light background"
                width={280}
                height={80}
              />
            </div>
            <div className="flex items-center justify-center rounded-2xl bg-brand-800 p-6">
              <img
                src={svgDataUrl(logoLockupSvg('reversed'))}
                alt="Ploom logo reversed on dark green"
                width={280}
                height={80}
              />
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <h3 className="font-display font-bold text-ink">Do</h3>
              <ul className="mt-2 space-y-1">
                {brandVoice.logoDo.map((item) => (
                  <li key={item} className="flex gap-2">
                    <Check className="mt-1 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h3 className="font-display font-bold text-ink">Don&apos;t</h3>
              <ul className="mt-2 space-y-1">
                {brandVoice.logoDont.map((item) => (
                  <li key={item} className="flex gap-2">
                    <X className="mt-1 h-4 w-4 shrink-0 text-red-700" aria-hidden="true" />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <ButtonLink to={paths.processLogo} variant="secondary">
            Logo construction and downloads
          </ButtonLink>
        </ContentSection>

        <ContentSection id="colour" title="Colour">
          <p>
            Green is our calm, trustworthy base; sun yellow is for warmth and the one thing to look at; ink is
            for text. Body text always meets a 4.5:1 contrast ratio: the ratio against white is shown on each
            swatch.
          </p>
          {groups.map((group) => (
            <div key={group.group} className="space-y-2">
              <h3 className="font-display font-bold capitalize text-ink">{group.group}</h3>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8">
                {group.swatches.map((swatch) => (
                  <li
                    key={swatch.token}
                    className="overflow-hidden rounded-xl border border-brand-100 bg-white text-sm"
                  >
                    <div
                      className="flex h-16 items-end p-2 font-mono text-xs"
                      style={{ backgroundColor: swatch.hex, color: textOn(swatch.hex) }}
                    >
                      {swatch.hex}
                    </div>
                    <div className="p-2">
                      <p className="font-semibold text-ink">{swatch.token}</p>
                      <p className="text-xs text-ink-muted">
                        {contrastRatio(swatch.hex, white).toFixed(1)}:1 on white
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </ContentSection>

        <ContentSection id="type" title="Typography">
          <div className="grid gap-4 md:grid-cols-2">
            <div className="rounded-2xl border border-brand-100 bg-white p-5">
              <p className="text-sm font-semibold text-brand-700">Display: headings, buttons</p>
              <p className="mt-2 font-display text-4xl font-extrabold text-ink">Steadier kids.</p>
              <p className="mt-2 font-mono text-xs text-ink-muted">{fontStacks.display.join(', ')}</p>
            </div>
            <div className="rounded-2xl border border-brand-100 bg-white p-5">
              <p className="text-sm font-semibold text-brand-700">Sans: body text, forms</p>
              <p className="mt-2 font-sans text-lg text-ink">
                Weekly 30-minute sessions with a dedicated coach, with parents included.
              </p>
              <p className="mt-2 font-mono text-xs text-ink-muted">{fontStacks.sans.join(', ')}</p>
            </div>
          </div>
          <p>
            The site uses system fallbacks when Nunito is not installed, so pages never wait for a font
            download.
          </p>
        </ContentSection>

        <ContentSection id="voice" title="Voice and tone">
          <p>{brandVoice.summary}</p>
          <ul className="grid gap-4 sm:grid-cols-2">
            {brandVoice.principles.map((principle) => (
              <li key={principle.title} className="rounded-2xl border border-brand-100 bg-white p-5">
                <h3 className="font-display font-bold text-ink">{principle.title}</h3>
                <p className="mt-1 text-sm">{principle.text}</p>
                <p className="mt-3 text-sm">
                  <span className="font-semibold text-brand-800">We say:</span> {principle.say}
                </p>
                <p className="text-sm">
                  <span className="font-semibold text-red-700">Not:</span> {principle.avoid}
                </p>
              </li>
            ))}
          </ul>
          <h3 className="font-display font-bold text-ink">Words we use with care</h3>
          <ul className="list-disc space-y-1 pl-5">
            {brandVoice.wordsWithCare.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </ContentSection>
      </main>
    </PublicLayout>
  );
}
