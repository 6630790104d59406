import { PublicLayout } from '@/app/components/public-layout';
import { CoachesPage } from '@/features/landing/components/coaches-page';
import { usePageMeta } from '@/lib/use-page-meta';

export default function CoachesRoute() {
  usePageMeta({
    title: 'Our Coaches',
    description:
      'Meet Ploom’s coaches: experienced, warm and trained to help children aged 7-12 build emotional regulation, confidence, focus and connection.',
  });
  return (
    <PublicLayout>
      <CoachesPage />
    </PublicLayout>
  );
}
