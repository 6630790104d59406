import { NavAccountLinks } from '@/app/components/nav-account-links';
import { variants } from '@/content/variants';
import { LandingPage } from '@/features/landing/components/landing-page';
import { usePageMeta } from '@/lib/use-page-meta';

const variant = variants.pricing;

export default function PricingPage() {
  usePageMeta(variant.meta);
  return <LandingPage variant={variant} accountLinks={<NavAccountLinks />} />;
}
