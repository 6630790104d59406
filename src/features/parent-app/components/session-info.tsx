import type { FamilySession } from '../api/get-family-session';
import { formatSessionTime } from '../lib/format';

const statusNote: Record<FamilySession['status'], string | null> = {
  scheduled: null,
  completed: 'This session has taken place.',
  cancelled: 'This session was cancelled.',
  no_show: 'This session was missed.',
};

/** What the session page shows above the room: when, with whom, and what to prepare. */
export function SessionInfo({ session }: { session: FamilySession }) {
  return (
    <section
      aria-labelledby="session-info"
      className="grid gap-4 rounded-3xl border border-brand-100 bg-white p-5 shadow-sm"
    >
      <h2 id="session-info" className="font-display text-2xl font-extrabold text-ink">
        {session.childFirstName}&apos;s session
      </h2>
      <dl className="grid gap-2 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-ink-muted">When</dt>
          <dd className="font-semibold text-ink">{formatSessionTime(session.startsAt)}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">How long</dt>
          <dd className="font-semibold text-ink">{session.durationMinutes} minutes</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Coach</dt>
          <dd className="font-semibold text-ink">{session.coachName ?? 'Being matched'}</dd>
        </div>
      </dl>
      {statusNote[session.status] ? <p className="text-ink">{statusNote[session.status]}</p> : null}
      <div className="grid gap-2">
        <h3 className="font-semibold text-ink">What to prepare</h3>
        <ul className="grid list-disc gap-1 pl-5 text-ink">
          <li>A quiet spot with a charged device, camera and sound on.</li>
          <li>A glass of water, paper and crayons or pencils.</li>
          <li>A parent nearby for the last few minutes: your coach shares what to practise this week.</li>
          {session.tools.map((tool) => (
            <li key={tool.id}>
              Think about how{' '}
              <span className="font-semibold" data-free-text>
                {tool.title}
              </span>{' '}
              went this week.
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
