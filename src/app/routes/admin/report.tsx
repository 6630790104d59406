import { useState } from 'react';
import { AreaPage } from '@/app/components/area-shell';
import { Input } from '@/components/ui/input';
import {
  defaultReportRange,
  lastDays,
  useLandingReport,
  type ReportRange,
} from '@/features/reports/api/get-landing-report';
import { DailyChart } from '@/features/reports/components/daily-chart';
import { FunnelTable } from '@/features/reports/components/funnel-table';
import { VariantTable } from '@/features/reports/components/variant-table';

export default function ReportScreen() {
  const [range, setRange] = useState<ReportRange>(() => defaultReportRange());
  const valid = Boolean(range.from && range.to && range.from <= range.to);
  const report = useLandingReport(valid ? range : defaultReportRange());
  return (
    <AreaPage
      area="Admin"
      title="Landing report"
      description="Visitors and conversions per landing variant and campaign."
    >
      <form
        aria-label="Report range"
        className="mb-6 flex flex-wrap items-end gap-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="block">
          <span className="mb-1 block text-sm font-semibold">From</span>
          <Input
            type="date"
            value={range.from}
            max={range.to}
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
          />
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-semibold">To</span>
          <Input
            type="date"
            value={range.to}
            min={range.from}
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
          />
        </label>
        {[7, 30, 90].map((n) => (
          <button
            key={n}
            type="button"
            onClick={() => setRange(lastDays(n))}
            className="min-h-[48px] rounded-full border border-brand-700 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            Last {n} days
          </button>
        ))}
        {!valid ? (
          <p role="alert" className="w-full text-red-800">
            Choose a start day on or before the end day.
          </p>
        ) : null}
      </form>
      {report.isError ? (
        <p role="alert" className="text-red-800">
          The report could not be loaded: {report.error.message}
        </p>
      ) : !report.data ? (
        <p role="status">Loading the report…</p>
      ) : (
        <>
          <section aria-labelledby="daily-heading">
            <h2 id="daily-heading" className="mb-3 font-display text-xl font-bold">
              Per day
            </h2>
            <DailyChart days={report.data.days} />
          </section>
          <section aria-labelledby="variants-heading" className="mt-8">
            <h2 id="variants-heading" className="mb-3 font-display text-xl font-bold">
              Per variant and campaign
            </h2>
            {report.data.variants.length ? (
              <VariantTable rows={report.data.variants} />
            ) : (
              <p role="status">No visits or conversions in this range.</p>
            )}
            <p className="mt-3 text-sm text-ink-muted">
              Visitors are unique browsing sessions; a conversion counts for the page where its session
              landed. Conversion rate is the share of visitors who converted at least once.
            </p>
          </section>
          <section aria-labelledby="funnel-heading" className="mt-8">
            <h2 id="funnel-heading" className="mb-3 font-display text-xl font-bold">
              From visitor to enrolled family
            </h2>
            {report.data.funnel.length ? (
              <FunnelTable rows={report.data.funnel} />
            ) : (
              <p role="status">No visits or leads in this range.</p>
            )}
            <p className="mt-3 text-sm text-ink-muted">
              Leads sent in this range, by the page and campaign they came from. A lead counts as booked once
              it has an intro call; the time to call runs from the lead to the booking. Enrolled is the
              lead&apos;s status today.
            </p>
          </section>
        </>
      )}
    </AreaPage>
  );
}
