import type { ReactNode } from 'react';
import { Award, CalendarDays, Lightbulb } from 'lucide-react';
import { Link } from '@/lib/navigation';
import { paths } from '@/config/paths';
import type { AtHomeTool } from '../api/get-at-home-tools';
import type { DashboardChild } from '../api/get-dashboard';
import { formatDate, formatSessionTime } from '../lib/format';
import { JoinButton } from './join-button';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const linkClass =
  'inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4';

/** One child on the dashboard: next session with Join, this week's update, at-home tools, points. */
export function ChildCard({
  child,
  tools,
  now,
  zone,
  progress,
}: {
  child: DashboardChild;
  tools: AtHomeTool[];
  now: number;
  /** the family's time zone (undefined while it loads: this device's) */
  zone?: string;
  /** the child's practice and check-ins, from the app layer (another feature's screens) */
  progress?: ReactNode;
}) {
  const headingId = `child-${child.id}`;
  const update = child.latestUpdate;
  const thisWeek = update !== null && now - update.sharedAt < WEEK_MS;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-5 rounded-3xl border border-brand-100 bg-white p-5 shadow-sm"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-display text-2xl font-extrabold text-ink">
          {child.firstName}
        </h2>
        <p className="text-sm text-ink-muted">
          {child.coachName ? `Coach: ${child.coachName}` : 'Coach: being matched'}
        </p>
      </header>

      <div role="group" aria-labelledby={`${headingId}-next`} className="grid gap-2">
        <h3 id={`${headingId}-next`} className="flex items-center gap-2 font-semibold text-ink">
          <CalendarDays className="h-5 w-5 text-brand-700" aria-hidden="true" /> Next session
        </h3>
        {child.nextSession ? (
          <>
            <p className="text-lg text-ink">{formatSessionTime(child.nextSession.startsAt, zone)}</p>
            <div className="flex flex-wrap items-start gap-3">
              <JoinButton
                sessionId={child.nextSession.id}
                opensAt={child.nextSession.opensAt}
                closesAt={child.nextSession.closesAt}
                childName={child.firstName}
              />
              <Link to={paths.appSession.href(child.nextSession.id)} className={linkClass}>
                Session details
              </Link>
            </div>
          </>
        ) : child.coachName ? (
          <p className="text-ink">
            You are matched with {child.coachName}. They will book {child.firstName}&apos;s first session at
            one of your preferred times.
          </p>
        ) : (
          <p className="text-ink">No session yet: we are matching {child.firstName} with a coach.</p>
        )}
        <Link to={paths.appChildSchedule.href(child.id)} className={linkClass}>
          {child.firstName}&apos;s schedule
        </Link>
      </div>

      <div role="group" aria-labelledby={`${headingId}-update`} className="grid gap-2">
        <h3 id={`${headingId}-update`} className="font-semibold text-ink">
          {thisWeek ? "This week's parent update" : 'Parent update'}
        </h3>
        {update ? (
          <>
            {!thisWeek ? (
              <p className="text-sm text-ink-muted">No new update this week. The latest:</p>
            ) : null}
            <blockquote className="rounded-2xl bg-cream p-4 text-ink">
              <p data-free-text>{update.body}</p>
              <footer className="mt-2 text-sm text-ink-muted">
                {child.coachName ?? 'Your coach'}, {formatDate(update.sharedAt, zone)}
              </footer>
            </blockquote>
          </>
        ) : (
          <p className="text-ink-muted">Your coach shares an update after each week&apos;s session.</p>
        )}
      </div>

      <div role="group" aria-labelledby={`${headingId}-tools`} className="grid gap-2">
        <h3 id={`${headingId}-tools`} className="flex items-center gap-2 font-semibold text-ink">
          <Lightbulb className="h-5 w-5 text-brand-700" aria-hidden="true" /> At-home tools
        </h3>
        {tools.length ? (
          <ul className="grid gap-2">
            {tools.map((tool) => (
              <li key={tool.id} className="rounded-2xl border border-brand-100 p-3">
                <p className="font-semibold text-ink" data-free-text>
                  {tool.title}
                </p>
                {tool.instructions ? (
                  <p className="text-sm text-ink" data-free-text>
                    {tool.instructions}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-muted">
            Your coach will set tools to practise at home after the first session.
          </p>
        )}
      </div>

      {progress}

      <div
        role="group"
        aria-labelledby={`${headingId}-points`}
        className="flex flex-wrap items-center justify-between gap-2"
      >
        <h3 id={`${headingId}-points`} className="flex items-center gap-2 font-semibold text-ink">
          <Award className="h-5 w-5 text-sun-500" aria-hidden="true" /> Ploom Points
        </h3>
        <p className="text-ink">
          <span className="font-display text-2xl font-extrabold">{child.points}</span> points ·{' '}
          <Link to={paths.appPloomPoints} className={linkClass}>
            See points
          </Link>
        </p>
      </div>
    </article>
  );
}
