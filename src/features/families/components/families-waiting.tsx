import { Link } from '@/lib/navigation';
import { useNow } from '@/lib/use-now';
import { paths } from '@/config/paths';
import { PLAN_NAMES } from '@/lib/family-billing';
import { useFamiliesWaiting } from '../api/get-families-waiting';
import { isOverdueWait, waitedFor } from '../lib/waited';

/**
 * The children waiting for a coach, oldest first, each with how long and the family's plan: the
 * oldest `limit` on the admin overview, all of them above the families list. The team matches a coach on the family's page.
 */
export function FamiliesWaiting({ limit }: { limit?: number } = {}) {
  const waiting = useFamiliesWaiting();
  const now = useNow(60_000);
  return (
    <section aria-labelledby="families-waiting" className="rounded-2xl border border-sun-400 bg-sun-100 p-4">
      <h2 id="families-waiting" className="font-display text-xl font-bold text-ink">
        Waiting for a coach
        {waiting.data ? <span className="text-ink-muted"> ({waiting.data.length})</span> : null}
      </h2>
      {waiting.isPending ? (
        <p className="mt-2 text-sm">Loading…</p>
      ) : waiting.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          The families waiting could not be loaded. Please reload the page.
        </p>
      ) : waiting.data.length === 0 ? (
        <p className="mt-2 text-sm text-ink">Every child has a coach.</p>
      ) : (
        <ul className="mt-2 grid gap-2 text-sm" aria-label="Children waiting for a coach">
          {waiting.data.slice(0, limit).map((child) => (
            <li key={child.childId} className="flex flex-wrap items-baseline gap-x-2 rounded-xl bg-white p-3">
              <Link
                to={paths.adminFamily.href(child.parentId)}
                className="font-semibold text-brand-800 underline underline-offset-4"
              >
                {child.childFirstName}
                {child.parentName ? ` (${child.parentName}'s family)` : ''}
              </Link>
              <span
                className={isOverdueWait(child.waitingSince, now) ? 'font-semibold text-red-800' : 'text-ink'}
              >
                waiting {waitedFor(child.waitingSince, now)}
              </span>
              <span className="text-ink-muted">
                · {child.plan ? (PLAN_NAMES[child.plan] ?? child.plan) : 'no plan yet'} ·{' '}
                {child.preferredTimes === 0
                  ? 'no preferred times'
                  : `${child.preferredTimes} preferred time${child.preferredTimes === 1 ? '' : 's'}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {limit !== undefined && waiting.data && waiting.data.length > limit ? (
        <p className="mt-2 text-sm">
          <Link
            to={paths.adminFamilies}
            className="font-semibold text-brand-800 underline underline-offset-4"
          >
            See all {waiting.data.length} on Families
          </Link>
        </p>
      ) : null}
    </section>
  );
}
