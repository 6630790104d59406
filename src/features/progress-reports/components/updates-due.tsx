import { Link } from '@/lib/navigation';
import { useUpdatesDue } from '../api/updates';

const day = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The weekly updates due (a coach's own; every coach's for an admin), each a link to write it. */
export function UpdatesDue({
  showCoach,
  updateHref,
}: {
  showCoach: boolean;
  /** where the update for a child is written (the family's page, at the child) */
  updateHref: (parentId: string, childId: string) => string;
}) {
  const due = useUpdatesDue();
  return (
    <section aria-labelledby="updates-due" className="rounded-2xl border border-brand-100 bg-white p-4">
      <h2 id="updates-due" className="font-display text-xl font-bold text-ink">
        Weekly updates due
        {due.data ? <span className="text-ink-muted"> ({due.data.length})</span> : null}
      </h2>
      {due.isPending ? (
        <p className="mt-2 text-sm">Loading…</p>
      ) : due.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          The updates due could not be loaded. Please reload the page.
        </p>
      ) : due.data.length === 0 ? (
        <p className="mt-2 text-sm text-ink">Every family on a plan has had its update this week.</p>
      ) : (
        <ul className="mt-2 grid gap-2 text-sm" aria-label="Weekly updates due">
          {due.data.map((u) => (
            <li key={u.childId} className="rounded-xl bg-cream p-3">
              <Link
                to={updateHref(u.parentId, u.childId)}
                className="font-semibold text-brand-800 underline underline-offset-4"
              >
                Write {u.childFirstName}'s update
              </Link>{' '}
              · none since the week of {day.format(new Date(`${u.weekStart}T00:00:00Z`))}
              {showCoach ? ` · ${u.coachName}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
