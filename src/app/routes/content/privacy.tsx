import { PublicLayout } from '@/app/components/public-layout';
import { site } from '@/config/site';
import { privacyPolicy } from '@/content/legal';
import { usePageMeta } from '@/lib/use-page-meta';
import { LegalDocumentView } from '@/features/marketing/components/legal-document';

export default function PrivacyPage() {
  usePageMeta({
    title: 'Privacy Policy',
    description: `How ${site.name} collects, uses and protects information about parents and children: parental consent, no selling of data, retention and deletion requests.`,
  });
  return (
    <PublicLayout>
      <main id="main">
        <LegalDocumentView document={privacyPolicy} />
      </main>
    </PublicLayout>
  );
}
