import { variants } from '@/content/variants';
import { NewsletterLanding } from './newsletter-landing';

export default function CoachingPage() {
  return <NewsletterLanding variant={variants.coaching} />;
}
