import { Printer } from 'lucide-react';
import { Link } from '@/lib/navigation';
import { Button } from '@/components/ui/button';
import { useReport } from '../api/get-report';
import { ReportDocument } from './report-document';

/** /app/reports/:reportId: a published report, to read, print or save as a PDF. */
export function ReportScreen({ reportId, backHref }: { reportId: string; backHref: string }) {
  const report = useReport(reportId);
  if (report.isPending) return <p role="status">Loading the report…</p>;
  if (report.isError) {
    return (
      <div role="alert" className="grid gap-3">
        <p>We could not load this report.</p>
        <Button variant="secondary" className="w-fit" onClick={() => void report.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!report.data) {
    return (
      <p role="alert">
        There is no such report.{' '}
        <Link to={backHref} className="font-semibold text-brand-800 underline">
          Back to My Dashboard
        </Link>
      </p>
    );
  }
  return (
    <ReportDocument
      report={report.data}
      actions={
        <Button variant="secondary" size="sm" className="print:hidden" onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden="true" /> Print or save as PDF
        </Button>
      }
    />
  );
}
