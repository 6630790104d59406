import { lazy, Suspense } from 'react';
import { NavAccountLinks } from '@/app/components/nav-account-links';
import { variants } from '@/content/variants';
import { LandingPage } from '@/features/landing/components/landing-page';
import { usePageMeta } from '@/lib/use-page-meta';
import { QueryBoundary } from '@/app/query-boundary';

// The form (and its validation code) loads after the page has shown.
const ContactFormV2 = lazy(() =>
  import('@/features/lead-forms/components/contact-form-v2').then((m) => ({ default: m.ContactFormV2 })),
);

const variant = variants['coaching-v2'];

export default function CoachingV2Page() {
  usePageMeta(variant.meta);
  return (
    <LandingPage
      variant={variant}
      accountLinks={<NavAccountLinks />}
      contactForm={
        <Suspense fallback={<div className="min-h-[480px]" />}>
          <QueryBoundary>
            <ContactFormV2 landingPath={variant.path} />
          </QueryBoundary>
        </Suspense>
      }
    />
  );
}
