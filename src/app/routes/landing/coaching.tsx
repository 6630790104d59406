import { variants } from '@/content/variants';
import { LandingPage } from '@/features/landing/components/landing-page';
import { NewsletterForm } from '@/features/leads/components/newsletter-form';
import { usePageMeta } from '@/lib/use-page-meta';

const variant = variants.coaching;

export default function CoachingPage() {
  usePageMeta(variant.meta);
  return <LandingPage variant={variant} newsletter={<NewsletterForm source={variant.id} />} />;
}
