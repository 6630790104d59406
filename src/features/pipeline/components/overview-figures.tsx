import type { ReactNode } from 'react';
import { Link } from '@/lib/navigation';
import { EmptyRow, RowHeader, Table, TD, TR } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { formatDuration } from '@/lib/duration';
import { useLiveQuery } from '@/lib/live-query';
import { useOverview } from '../api/get-overview';
import { overviewWindow } from '../lib/overview-query';
import { leadsSearch, localDay as toDay, type LeadsLink } from '../lib/overview-links';

const leadsHref = (link: LeadsLink) => `${paths.adminWaitlist}${leadsSearch(link)}`;

function Figure({
  title,
  counts,
  value,
  href,
  children,
}: {
  title: string;
  /** What the figure counts, in a plain sentence under its title. */
  counts: string;
  value: ReactNode;
  href: string;
  children?: ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-brand-100 bg-white p-4">
      <h2 className="text-sm font-semibold text-ink">{title}</h2>
      <p className="text-xs text-ink-muted">{counts}</p>
      <p className="mt-1 font-display text-3xl font-extrabold text-ink">
        <Link to={href} className="underline-offset-4 hover:underline">
          {value}
          <span className="sr-only"> — {title}, open the list</span>
        </Link>
      </p>
      {children ? <div className="mt-1 text-sm">{children}</div> : null}
    </div>
  );
}

/** Of a figure's leads, those still unanswered past the reply promise. */
function Overdue({ count, of, href }: { count: number; of: string; href: string }) {
  if (count === 0) return <p className="text-ink-muted">None {of} past the reply promise</p>;
  return (
    <Link to={href} className="font-semibold text-red-800 underline underline-offset-4">
      {count} {of} still unanswered past the reply promise
    </Link>
  );
}

/** Today at a glance; every figure links to the list behind it. Coaches see their own part. */
export function OverviewFigures({ isAdmin }: { isAdmin: boolean }) {
  const { data, isPending, isError, error } = useOverview(isAdmin);
  useLiveQuery(['leads', 'overview'], { table: 'leads' });
  if (isError) return <p role="alert">The overview could not be loaded: {(error as Error).message}</p>;
  if (isPending) return <p>Loading the overview…</p>;

  const { day, week } = overviewWindow();
  const yesterday = new Date(day);
  yesterday.setDate(day.getDate() - 1);
  const weekEnd = new Date(week);
  weekEnd.setDate(week.getDate() + 6);
  const lastWeek = new Date(day);
  lastWeek.setDate(day.getDate() - 7);
  // The sessions the figure counts: not cancelled, starting on these local days (the list view).
  const sessionsHref = (from: Date, to: Date) =>
    `${paths.adminSessions}?view=list&status=active&from=${toDay(from)}&to=${toDay(to)}`;

  return (
    <div className="space-y-8">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Figure
          title={isAdmin ? 'Leads received since yesterday' : 'Your leads received since yesterday'}
          counts="Forms received yesterday and today, whatever their status now."
          value={data.leadsSinceYesterday}
          href={leadsHref({ from: toDay(yesterday) })}
        >
          <Overdue
            count={data.overdueSinceYesterday}
            of="of these"
            href={leadsHref({ from: toDay(yesterday), overdue: true })}
          />
        </Figure>
        <Figure
          title={isAdmin ? 'Leads received this week' : 'Your leads received this week'}
          counts="Forms received since Monday, whatever their status now."
          value={data.leadsThisWeek}
          href={leadsHref({ from: toDay(week) })}
        >
          <Overdue
            count={data.overdueThisWeek}
            of="of these"
            href={leadsHref({ from: toDay(week), overdue: true })}
          />
        </Figure>
        <Figure
          title={isAdmin ? 'Waiting for a first reply' : 'Your leads waiting for a first reply'}
          counts="Leads still marked New, received in any week."
          value={data.waitingTotal}
          href={leadsHref({ status: 'new' })}
        >
          <Overdue count={data.overdueTotal} of="of these" href={leadsHref({ overdue: true })} />
        </Figure>
        <Figure
          title={isAdmin ? 'Sessions today' : 'Your sessions today'}
          counts="Booked for today, cancelled ones left out."
          value={data.sessionsToday}
          href={sessionsHref(day, day)}
        />
        <Figure
          title={isAdmin ? 'Sessions this week' : 'Your sessions this week'}
          counts="Booked from Monday to Sunday, cancelled ones left out."
          value={data.sessionsThisWeek}
          href={sessionsHref(week, weekEnd)}
        />
        {isAdmin && data.familiesEnrolled !== null ? (
          <Figure
            title="Beta families enrolled"
            counts="Families with at least one child with us."
            value={`${data.familiesEnrolled} of ${site.betaFamilies}`}
            href={paths.adminFamilies}
          >
            <div
              role="progressbar"
              aria-label="Beta places filled"
              aria-valuemin={0}
              aria-valuemax={site.betaFamilies}
              aria-valuenow={Math.min(data.familiesEnrolled, site.betaFamilies)}
              className="h-2 overflow-hidden rounded-full bg-brand-50"
            >
              <div
                className="h-full bg-brand-700"
                style={{ width: `${Math.min(100, (data.familiesEnrolled / site.betaFamilies) * 100)}%` }}
              />
            </div>
          </Figure>
        ) : null}
      </div>
      {isAdmin ? (
        <section aria-labelledby="conversions-heading">
          <h2 id="conversions-heading" className="font-display text-xl font-bold">
            Conversions per landing variant, last 7 days
          </h2>
          <p className="text-sm text-ink-muted">
            Form leads per visitor. The{' '}
            <Link to={paths.adminReport} className="underline">
              landing report
            </Link>{' '}
            has campaigns and time on page.
          </p>
          <Table
            className="mt-3"
            density="sm"
            caption="Visitors, leads, conversion rate and intro calls booked per landing variant, last 7 days"
            columns={[
              'Landing variant',
              'Visitors',
              'Leads',
              'Conversion',
              'Intro calls booked',
              'Median time to call',
            ]}
          >
            {data.conversions.length === 0 ? (
              <EmptyRow columns={6}>No visits in the last 7 days.</EmptyRow>
            ) : null}
            {data.conversions.map((c) => (
              <TR key={c.path}>
                <RowHeader strong>{c.path}</RowHeader>
                <TD>{c.visitors}</TD>
                <TD>
                  <Link
                    to={leadsHref({ variant: c.path, from: toDay(lastWeek) })}
                    className="font-semibold text-brand-800 underline underline-offset-4"
                  >
                    {c.leads}
                    <span className="sr-only"> leads from {c.path}</span>
                  </Link>
                </TD>
                <TD>{c.rate === null ? '—' : `${(c.rate * 100).toFixed(1)}%`}</TD>
                <TD>{c.callsBooked}</TD>
                <TD>{formatDuration(c.medianHoursToCall)}</TD>
              </TR>
            ))}
          </Table>
        </section>
      ) : null}
    </div>
  );
}
