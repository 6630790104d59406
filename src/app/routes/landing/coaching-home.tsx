import { NavAccountLinks } from '@/app/components/nav-account-links';
import { variants } from '@/content/variants';
import { LandingPage } from '@/features/landing/components/landing-page';
import { usePageMeta } from '@/lib/use-page-meta';

const variant = variants['coaching-home'];

export default function CoachingHomePage() {
  usePageMeta(variant.meta);
  return <LandingPage variant={variant} accountLinks={<NavAccountLinks />} />;
}
