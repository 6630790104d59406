import { Link, useSearchParams } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { variants } from '@/content/variants';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { LeadsWorkspace } from '@/features/leads/components/leads-workspace';
import { NewsletterSubscribers } from '@/features/leads/components/newsletter-subscribers';
import { cn } from '@/lib/cn';

const variantOptions = Object.values(variants).map((v) => ({ path: v.path, label: `${v.id} (${v.path})` }));

const tabClass = (current: boolean) =>
  cn(
    'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold',
    current ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50',
  );

/** /admin/waitlist: the leads pipeline, and (admins) the newsletter's subscribers. */
export default function Screen() {
  const { isAdmin } = useAuth();
  const [params] = useSearchParams();
  const newsletter = isAdmin && params.get('tab') === 'newsletter';
  return (
    <AreaPage
      area="Admin"
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
