import { Link, useNavigate } from '@/lib/navigation';
import { Button } from '@/components/ui/button';
import { useChildReports } from '../api/get-child-reports';
import { useStartReport } from '../api/write-report';
import { periodTitle } from '../lib/facts';

/**
 * A child's progress reports, newest first, each a link: for the family the published ones; for the
 * child's coach and admins the drafts too, and the way to write the last period's report.
 */
export function ChildReports({
  childId,
  childName,
  staff,
  reportHref,
}: {
  childId: string;
  childName: string;
  /** the coach's or an admin's view: drafts, and "Write the report" */
  staff: boolean;
  reportHref: (reportId: string) => string;
}) {
  const reports = useChildReports(childId);
  const start = useStartReport();
  const navigate = useNavigate();
  const write = async () => {
    try {
      navigate(reportHref(await start.mutateAsync({ childId })));
    } catch {
      // the alert below says why
    }
  };
  return (
    <div className="grid gap-3">
      {reports.isPending ? (
        <p role="status">Loading the reports…</p>
      ) : reports.isError ? (
        <p role="alert">The reports could not be loaded. Please reload the page.</p>
      ) : reports.data.length === 0 ? (
        <p className="text-ink-muted">
          {staff
            ? `No report for ${childName} yet.`
            : `${childName}'s coach has not shared a progress report yet.`}
        </p>
      ) : (
        <ul className="grid gap-2" aria-label={`${childName}'s progress reports`}>
          {reports.data.map((r) => (
            <li key={r.id}>
              <Link
                to={reportHref(r.id)}
                className="font-semibold text-brand-800 underline underline-offset-4"
              >
                {periodTitle(r.cadence, r.periodStart)}
              </Link>
              {r.status === 'draft' ? <span className="text-ink-muted"> · draft</span> : null}
            </li>
          ))}
        </ul>
      )}
      {staff ? (
        <div className="grid gap-2">
          <Button
            size="sm"
            variant="secondary"
            className="w-fit"
            disabled={start.isPending}
            onClick={() => void write()}
          >
            Write the report for the last period
          </Button>
          {start.isError ? (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {(start.error as { message?: string }).message ?? 'The report could not be started.'}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
