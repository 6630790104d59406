import type { ReactNode } from 'react';
import type { ProgressReport } from '../api/get-report';
import { changeText, periodTitle, skillChanges } from '../lib/facts';

const published = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-2 break-inside-avoid">
      <h3 id={id} className="font-display text-lg font-extrabold text-ink">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** What the product knew of the period: sessions, check-ins and their change, practice, points. */
export function ReportFactsView({ report }: { report: Pick<ProgressReport, 'facts' | 'childFirstName'> }) {
  const { facts } = report;
  const changes = skillChanges(facts);
  const hasScores = changes.some((c) => c.to !== null);
  const s = facts.sessions;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Part id="report-sessions" title="Sessions">
        <p className="text-ink">
          {s.attended} attended · {s.missed} missed · {s.cancelled} cancelled
          {s.still_scheduled ? ` · ${s.still_scheduled} still to come` : ''}
        </p>
      </Part>
      <Part id="report-points" title="Ploom Points">
        <p className="text-ink">
          {facts.points.earned} earned in this period ({facts.points.total} in all)
        </p>
      </Part>
      <Part id="report-check-ins" title="Check-ins">
        {hasScores ? (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Check-in scores, from the start of the period to its latest</caption>
            <thead>
              <tr className="text-ink-muted">
                <th scope="col" className="py-1 pr-2 font-semibold">
                  Skill
                </th>
                <th scope="col" className="py-1 pr-2 font-semibold">
                  From
                </th>
                <th scope="col" className="py-1 pr-2 font-semibold">
                  Latest
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Change
                </th>
              </tr>
            </thead>
            <tbody>
              {changes.map((c) => (
                <tr key={c.skill} className="border-t border-brand-100">
                  <th scope="row" className="py-1 pr-2 font-semibold text-ink">
                    {c.label}
                  </th>
                  <td className="py-1 pr-2">{c.from ?? '—'}</td>
                  <td className="py-1 pr-2">{c.to ?? '—'}</td>
                  <td className="py-1 font-semibold">{changeText(c.change)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-ink-muted">No check-in in this period.</p>
        )}
      </Part>
      <Part id="report-practice" title="Practice at home">
        {facts.practice.length ? (
          <ul className="grid gap-1 text-ink">
            {facts.practice.map((goal) => (
              <li key={goal.title}>
                <span data-free-text>{goal.title}</span>: {goal.days} of {goal.of_days} days
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-muted">No practice goal in this period.</p>
        )}
      </Part>
    </div>
  );
}

/** A report as the parent reads it, and prints: the period, its facts, the coach's words. */
export function ReportDocument({ report, actions }: { report: ProgressReport; actions?: ReactNode }) {
  return (
    <article
      aria-labelledby="report-title"
      className="grid gap-6 rounded-3xl border border-brand-100 bg-white p-5 sm:p-8 print:border-0 print:p-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="report-title" className="font-display text-2xl font-extrabold text-ink">
            {report.childFirstName}'s progress report · {periodTitle(report.cadence, report.periodStart)}
          </h2>
          <p className="text-ink-muted">
            {report.coachName ? `By ${report.coachName}` : 'By your coach'}
            {report.publishedAt ? `, ${published.format(new Date(report.publishedAt))}` : ' (draft)'}
          </p>
        </div>
        {actions}
      </header>
      <ReportFactsView report={report} />
      <Part id="report-summary" title="Summary">
        <p className="whitespace-pre-line text-ink" data-free-text>
          {report.summary}
        </p>
      </Part>
      <Part id="report-next-steps" title="Next steps">
        <p className="whitespace-pre-line text-ink" data-free-text>
          {report.nextSteps}
        </p>
      </Part>
    </article>
  );
}
