import { PublicLayout } from '@/app/components/public-layout';
import { site } from '@/config/site';
import { termsOfService } from '@/content/legal';
import { usePageMeta } from '@/lib/use-page-meta';
import { LegalDocumentView } from '@/features/marketing/components/legal-document';

export default function TermsPage() {
  usePageMeta({
    title: 'Terms of Service',
    description: `The terms of ${site.name} coaching: not therapy or medical care, monthly plans you can cancel or pause any time, and our beta terms.`,
  });
  return (
    <PublicLayout>
      <main id="main">
        <LegalDocumentView document={termsOfService} />
      </main>
    </PublicLayout>
  );
}
