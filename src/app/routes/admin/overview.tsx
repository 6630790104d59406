import { AreaPage } from '@/app/components/area-shell';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { FamiliesWaiting } from '@/features/families/components/families-waiting';
import { OverviewFigures } from '@/features/pipeline/components/overview-figures';
import { ReportsDue } from '@/features/progress-reports/components/reports-due';
import { UpdatesDue } from '@/features/progress-reports/components/updates-due';
import { paths } from '@/config/paths';

export default function Screen() {
  const { isAdmin } = useAuth();
  return (
    <AreaPage
      area={isAdmin ? 'Admin' : 'Coach'}
      title="Overview"
      description={
        isAdmin
          ? 'Today at a glance: new leads, leads waiting for a reply, sessions, the beta counter and conversions.'
          : 'Today at a glance: the leads assigned to you, those waiting for your reply, and your sessions.'
      }
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        {isAdmin ? <FamiliesWaiting limit={5} /> : null}
        <ReportsDue
          showCoach={isAdmin}
          reportHref={(id) => paths.adminProgressReport.href(id)}
          familyHref={(id) => paths.adminFamily.href(id)}
        />
        <UpdatesDue
          showCoach={isAdmin}
          updateHref={(parentId, childId) => `${paths.adminFamily.href(parentId)}#family-progress-${childId}`}
        />
        <OverviewFigures isAdmin={isAdmin} />
      </div>
    </AreaPage>
  );
}
