import { ArrowLeft } from 'lucide-react';
import { Suspense } from 'react';
import { Logo } from '@/components/layout/logo';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { IntroCallScreen } from '@/features/intro-call/components/intro-call-screen';
import { tokenFromHash } from '@/features/intro-call/lib/slots';
import { useLocation } from '@/lib/navigation';
import { usePageMeta } from '@/lib/use-page-meta';
import { LoadingScreen } from '../../loading-screen';
import { QueryBoundary } from '../../query-boundary';

/**
 * /intro-call#token=…: the parent books, moves or cancels the free intro call, no account needed
 * (decision 170). Rendered in the browser (the token is in the fragment), loaded only on this route.
 */
export default function IntroCallPage() {
  usePageMeta({
    title: 'Your free intro call',
    description: 'Pick, move or cancel your free intro call with the Ploom team.',
  });
  const token = tokenFromHash(useLocation().hash);
  return (
    <div className="min-h-screen bg-cream">
      <header className="border-b border-brand-100 bg-white/90">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <ButtonLink to={paths.coaching} variant="ghost" size="sm" className="-ml-2">
            <ArrowLeft className="h-5 w-5" aria-hidden="true" />
            Back
          </ButtonLink>
          <Logo />
          <span className="hidden w-[88px] sm:block" aria-hidden="true" />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 pb-20 pt-8 sm:px-6 sm:pt-12">
        <div className="rounded-3xl border border-brand-100 bg-white p-5 shadow-sm sm:p-8">
          <Suspense fallback={<LoadingScreen />}>
            <QueryBoundary>
              <IntroCallScreen token={token} />
            </QueryBoundary>
          </Suspense>
        </div>
      </main>
    </div>
  );
}
