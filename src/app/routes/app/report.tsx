import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { paths } from '@/config/paths';

const ReportScreen = lazy(() =>
  import('@/features/progress-reports/components/report-screen').then((m) => ({ default: m.ReportScreen })),
);

/** /app/reports/:reportId: a child's progress report, to read, print or save as a PDF. */
export default function Screen() {
  const { reportId = '' } = useParams();
  return (
    <AreaPage
      area="Parent"
      title="Progress report"
      description="What your child's coach saw, and what comes next."
    >
      <ReportScreen reportId={reportId} backHref={paths.app} />
    </AreaPage>
  );
}
