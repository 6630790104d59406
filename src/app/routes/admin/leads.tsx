import { Link, useLocation } from '@/lib/navigation';
import { AreaPage } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { LeadsWorkspace } from '@/features/pipeline/components/leads-workspace';
import { NewsletterSubscribers } from '@/features/pipeline/components/newsletter-subscribers';
import { cn } from '@/lib/cn';

// The landing variants by path (named here rather than read from content/variants, which would pull
// landing code into the admin chunk and split the landing pages' shared chunks).
const variantOptions = [
  { path: paths.home, label: 'Home (/)' },
  { path: paths.coaching, label: 'Coaching (/coaching)' },
  { path: paths.coachingHome, label: 'Coaching home (/coaching-home)' },
  { path: paths.coachingV2, label: 'Coaching v2 (/coaching-v2)' },
  { path: paths.pricing, label: 'Pricing (/pricing)' },
];

const tabClass = (current: boolean) =>
  cn(
    'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold',
    current ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50',
  );

/** /admin/waitlist: the leads pipeline, and (admins) the newsletter's subscribers. */
export default function Screen() {
  const { isAdmin } = useAuth();
  const { search } = useLocation();
  const newsletter = isAdmin && new URLSearchParams(search).get('tab') === 'newsletter';
  return (
    <AreaPage
      area={isAdmin ? 'Admin' : 'Coach'}
      title="Leads"
      description={
        isAdmin
          ? 'Every family that reached us, from first contact to enrolment.'
          : 'The families assigned to you, from first contact to enrolment.'
      }
    >
      {isAdmin ? (
        <nav aria-label="Leads views" className="mb-6 flex gap-2">
          <Link
            to={paths.adminWaitlist}
            className={tabClass(!newsletter)}
            aria-current={!newsletter ? 'page' : undefined}
          >
            Leads
          </Link>
          <Link
            to={`${paths.adminWaitlist}?tab=newsletter`}
            className={tabClass(newsletter)}
            aria-current={newsletter ? 'page' : undefined}
          >
            Newsletter
          </Link>
        </nav>
      ) : null}
      {newsletter ? (
        <NewsletterSubscribers />
      ) : (
        <LeadsWorkspace isAdmin={isAdmin} variants={variantOptions} />
      )}
    </AreaPage>
  );
}
