import { NavAccountLinks } from '@/app/components/nav-account-links';
import { variants } from '@/content/variants';
import { LandingPage } from '@/features/landing/components/landing-page';
import { ContactFormV2 } from '@/features/leads/components/contact-form-v2';
import { usePageMeta } from '@/lib/use-page-meta';

const variant = variants['coaching-v2'];

export default function CoachingV2Page() {
  usePageMeta(variant.meta);
  return (
    <LandingPage
      variant={variant}
      accountLinks={<NavAccountLinks />}
      contactForm={<ContactFormV2 landingPath={variant.path} />}
    />
  );
}
