import { lazy, Suspense } from 'react';
import type { variants } from '@/content/variants';
import { LandingPage } from '@/features/landing/components/landing-page';
import { usePageMeta } from '@/lib/use-page-meta';
import { QueryBoundary } from '@/app/query-boundary';

// The form (and its validation code) loads after the page has shown.
const NewsletterForm = lazy(() =>
  import('@/features/lead-forms/components/newsletter-form').then((m) => ({ default: m.NewsletterForm })),
);
// So does the footer's Login: it shows only once the sign-up flag is known, after the first paint,
// and these pages' first load has no room to spare (bench/bundle-size.ts).
const FooterLoginLink = lazy(() =>
  import('@/app/components/footer-login-link').then((m) => ({ default: m.FooterLoginLink })),
);

/** A landing variant whose page ends with the newsletter sign-up (/ and /coaching). */
export function NewsletterLanding({ variant }: { variant: (typeof variants)['home' | 'coaching'] }) {
  usePageMeta(variant.meta);
  return (
    <LandingPage
      variant={variant}
      newsletter={
        <Suspense fallback={<div className="min-h-[136px]" />}>
          <QueryBoundary>
            <NewsletterForm source={variant.id} />
          </QueryBoundary>
        </Suspense>
      }
      footerAccount={
        <Suspense fallback={null}>
          <FooterLoginLink />
        </Suspense>
      }
    />
  );
}
