import { lazy, Suspense } from 'react';
import type { variants } from '@/content/variants';
import { LandingPage } from '@/features/landing/components/landing-page';
import { usePageMeta } from '@/lib/use-page-meta';
import { QueryBoundary } from '@/app/query-boundary';

// The form (and its validation code) loads after the page has shown.
const NewsletterForm = lazy(() =>
  import('@/features/lead-forms/components/newsletter-form').then((m) => ({ default: m.NewsletterForm })),
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
    />
  );
}
