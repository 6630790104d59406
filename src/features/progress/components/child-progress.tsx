import { ClipboardCheck, LineChart } from 'lucide-react';
import { Link } from '@/lib/navigation';
import { nextCheckInDue, useCheckIns } from '../api/get-check-ins';
import { usePractice } from '../api/get-practice';
import { formatCheckInDate } from '../lib/trend';
import { PracticeWeek } from './practice-week';
import { ProgressChart } from './progress-chart';

const linkClass =
  'inline-flex min-h-11 w-fit items-center rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800';

/**
 * On the parent's dashboard, per child: the check-in card (due four weeks after the last one), the
 * skills over time, and this week's practice to tick off.
 */
export function ChildProgress({
  childId,
  childName,
  checkInHref,
  now,
}: {
  childId: string;
  childName: string;
  checkInHref: string;
  now: number;
}) {
  const checkIns = useCheckIns(childId);
  const practice = usePractice(childId);
  const id = `progress-${childId}`;
  const due = checkIns.data ? nextCheckInDue(checkIns.data) : null;
  const isDue = checkIns.data !== undefined && (due === null || due <= now);
  return (
    <>
      <div role="group" aria-labelledby={`${id}-practice`} className="grid gap-2">
        <h3 id={`${id}-practice`} className="font-semibold text-ink">
          Practice this week
        </h3>
        {practice.isError ? (
          <p role="alert">The practice goals could not be loaded. Please reload the page.</p>
        ) : practice.data ? (
          <PracticeWeek childId={childId} childName={childName} practice={practice.data} canTick />
        ) : (
          <p role="status">Loading…</p>
        )}
      </div>

      <div role="group" aria-labelledby={`${id}-check-in`} className="grid gap-3">
        <h3 id={`${id}-check-in`} className="flex items-center gap-2 font-semibold text-ink">
          <LineChart className="h-5 w-5 text-brand-700" aria-hidden="true" /> {childName}&apos;s progress
        </h3>
        {checkIns.isError ? (
          <p role="alert">The check-ins could not be loaded. Please reload the page.</p>
        ) : checkIns.data ? (
          <>
            {isDue ? (
              <div className="grid gap-2 rounded-2xl bg-sun-100 p-4">
                <p className="flex items-center gap-2 font-semibold text-ink">
                  <ClipboardCheck className="h-5 w-5" aria-hidden="true" />
                  {checkIns.data.length === 0
                    ? `Take ${childName}'s first check-in`
                    : `Time for ${childName}'s check-in`}
                </p>
                <p className="text-sm text-ink">
                  The assessment&apos;s 16 questions, about five minutes; every four weeks, so you and{' '}
                  {childName}&apos;s coach see how the four skills move.
                </p>
                <Link to={checkInHref} className={linkClass}>
                  Take the check-in
                </Link>
              </div>
            ) : (
              <p className="text-sm text-ink-muted">
                Next check-in from {formatCheckInDate(due!)}.{' '}
                <Link to={checkInHref} className="font-semibold text-brand-800 underline underline-offset-4">
                  Take one now
                </Link>
              </p>
            )}
            <ProgressChart checkIns={checkIns.data} childName={childName} idPrefix={id} />
          </>
        ) : (
          <p role="status">Loading…</p>
        )}
      </div>
    </>
  );
}
