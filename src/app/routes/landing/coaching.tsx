import { lazy, Suspense } from 'react';
import { variants } from '@/content/variants';
import { LandingPage } from '@/features/landing/components/landing-page';
import { usePageMeta } from '@/lib/use-page-meta';

// The form (and its validation code) loads after the page has shown.
const NewsletterForm = lazy(() =>
  import('@/features/leads/components/newsletter-form').then((m) => ({ default: m.NewsletterForm })),
);

const variant = variants.coaching;

export default function CoachingPage() {
  usePageMeta(variant.meta);
  return (
    <LandingPage
      variant={variant}
      newsletter={
        <Suspense fallback={<div className="min-h-[136px]" />}>
          <NewsletterForm source={variant.id} />
        </Suspense>
      }
    />
  );
}
