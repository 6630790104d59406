import { ArrowLeft, Clock, HeartHandshake, MessageCircle } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useNavigate } from '@/lib/navigation';
import { Logo } from '@/components/layout/logo';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { usePageMeta } from '@/lib/use-page-meta';
import { LoadingScreen } from '../../loading-screen';
import { loadQueryClient, QueryBoundary } from '../../query-boundary';

/**
 * The form's code (react-hook-form, TanStack Query's mutation, the toaster's store) loads beside the
 * page rather than before it: the prerendered form shows from the first paint (its fields disabled
 * until its code runs), the rest of the page hydrates without waiting for it, and the form hydrates
 * when its code arrives. Started when this module runs, so a link hovered elsewhere fetches it too.
 */
const loadFitCallForm = () => import('@/features/lead-forms/components/fit-call-form');
const FitCallForm = lazy(() => loadFitCallForm().then((module) => ({ default: module.FitCallForm })));
if (typeof window !== 'undefined') {
  void loadFitCallForm();
  void loadQueryClient();
}

/**
 * After a request, the parent goes back to /coaching after this long (SPEC §4, §9), where a panel
 * offers to pick the intro call's time at once when the request answered with its link (decision 225).
 */
export const FIT_CALL_REDIRECT_MS = 1500;

const reassurance = [
  { icon: Clock, value: `${site.introCallMinutes} min`, label: 'A relaxed video chat about your child' },
  {
    icon: MessageCircle,
    value: `${site.replyWithinHours} hrs`,
    label: 'We reply within a day to book a time',
  },
  { icon: HeartHandshake, value: '0 pressure', label: 'No payment, no commitment, no hard sell' },
];

export default function RequestFitCallPage() {
  usePageMeta({
    title: 'Request your free intro call',
    description: `Book a free ${site.introCallMinutes}-minute intro call with a ${site.name} coach. We reply within ${site.replyWithinHours} hours.`,
  });
  const navigate = useNavigate();
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

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
      <main id="main" className="mx-auto max-w-5xl px-4 pb-20 pt-8 sm:px-6 sm:pt-12">
        <div className="mx-auto max-w-2xl text-center">
          <p className="font-display text-sm font-bold uppercase tracking-wider text-brand-700">
            Free {site.introCallMinutes}-minute intro call
          </p>
          <h1 className="mt-2 font-display text-3xl font-extrabold text-ink sm:text-4xl">
            Let's talk about your child
          </h1>
          <p className="mt-3 text-lg text-ink-muted">
            Tell us a little about your family. A coach will reach out within {site.replyWithinHours} hours to
            find a time that suits you.
          </p>
        </div>

        <section
          aria-label="Intro call request"
          className="mx-auto mt-8 max-w-2xl rounded-3xl border border-brand-100 bg-white p-5 shadow-sm sm:p-8"
        >
          <Suspense fallback={<LoadingScreen />}>
            <QueryBoundary>
              <FitCallForm
                onSuccess={(next) => {
                  redirectTimer.current = setTimeout(() => navigate(next), FIT_CALL_REDIRECT_MS);
                }}
              />
            </QueryBoundary>
          </Suspense>
        </section>

        <ul
          className="mx-auto mt-10 grid max-w-3xl grid-cols-1 gap-4 sm:grid-cols-3"
          aria-label="What to expect"
        >
          {reassurance.map(({ icon: Icon, value, label }) => (
            <li key={value} className="flex flex-col items-center rounded-2xl bg-brand-50 p-5 text-center">
              <Icon className="h-7 w-7 text-brand-700" aria-hidden="true" />
              <span className="mt-2 font-display text-2xl font-extrabold text-brand-800">{value}</span>
              <span className="mt-1 text-sm text-ink-muted">{label}</span>
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-8 max-w-2xl text-center text-xs text-ink-muted">{site.disclaimer}</p>
      </main>
    </div>
  );
}
