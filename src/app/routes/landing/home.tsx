import { variants } from '@/content/variants';
import { NewsletterLanding } from './newsletter-landing';

export default function HomePage() {
  return <NewsletterLanding variant={variants.home} />;
}
