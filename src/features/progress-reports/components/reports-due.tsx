import { Link, useNavigate } from '@/lib/navigation';
import { Button } from '@/components/ui/button';
import { useReportsDue } from '../api/get-reports-due';
import { useStartReport } from '../api/write-report';
import { periodLabel } from '../lib/facts';

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * The progress reports due (a coach's own; every coach's for an admin): each period that ended
 * with no published report, overdue ones marked, with the way to write or continue it.
 */
export function ReportsDue({
  showCoach,
  reportHref,
  familyHref,
}: {
  showCoach: boolean;
  reportHref: (reportId: string) => string;
  familyHref: (parentId: string) => string;
}) {
  const due = useReportsDue();
  const start = useStartReport();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="reports-due" className="rounded-2xl border border-brand-100 bg-white p-4">
      <h2 id="reports-due" className="font-display text-xl font-bold text-ink">
        Progress reports due
        {due.data ? <span className="text-ink-muted"> ({due.data.length})</span> : null}
      </h2>
      {due.isPending ? (
        <p className="mt-2 text-sm">Loading…</p>
      ) : due.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          The reports due could not be loaded. Please reload the page.
        </p>
      ) : due.data.length === 0 ? (
        <p className="mt-2 text-sm text-ink">Every report is written.</p>
      ) : (
        <ul className="mt-2 grid gap-2 text-sm" aria-label="Progress reports due">
          {due.data.map((r) => (
            <li
              key={`${r.childId}-${r.periodStart}`}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-cream p-3"
            >
              <span>
                <Link
                  to={familyHref(r.parentId)}
                  className="font-semibold text-brand-800 underline underline-offset-4"
                >
                  {r.childFirstName}
                </Link>{' '}
                · {periodLabel(r.cadence, r.periodStart)}
                {showCoach ? ` · ${r.coachName}` : ''} ·{' '}
                <span className={r.overdue ? 'font-semibold text-red-800' : 'text-ink'}>
                  {r.overdue ? 'overdue since' : 'due'} {day.format(new Date(`${r.dueOn}T00:00:00Z`))}
                </span>
              </span>
              <Button
                size="sm"
                variant={r.draftId ? 'secondary' : 'primary'}
                disabled={start.isPending}
                onClick={() =>
                  void (async () => {
                    const id =
                      r.draftId ?? (await start.mutateAsync({ childId: r.childId, day: r.periodStart }));
                    navigate(reportHref(id));
                  })().catch(() => undefined)
                }
              >
                {r.draftId ? `Continue ${r.childFirstName}'s draft` : `Write ${r.childFirstName}'s report`}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {start.isError ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {(start.error as { message?: string }).message ?? 'The report could not be started.'}
        </p>
      ) : null}
    </section>
  );
}
