import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';

const ReportEditorScreen = lazy(() =>
  import('@/features/progress-reports/components/report-editor').then((m) => ({
    default: m.ReportEditorScreen,
  })),
);

/** /admin/progress-reports/:reportId: the coach writes and publishes a child's progress report. */
export default function Screen() {
  const { reportId = '' } = useParams();
  const { isAdmin } = useAuth();
  return (
    <AreaPage
      area={isAdmin ? 'Admin' : 'Coach'}
      title="Progress report"
      description="The period's facts, kept with the report; your summary and next steps for the family."
    >
      <ReportEditorScreen reportId={reportId} familyHref={(id) => paths.adminFamily.href(id)} />
    </AreaPage>
  );
}
