import { useState } from 'react';
import { AreaPage } from '@/app/components/area-shell';
import { Input } from '@/components/ui/input';
import { useCockpit } from '@/features/ad-spend/api/get-cockpit';
import { CockpitTable } from '@/features/ad-spend/components/cockpit-table';
import { CostChart } from '@/features/ad-spend/components/cost-chart';
import { SpendEntry, SpendImport } from '@/features/ad-spend/components/spend-import';
import { VariantConfidence } from '@/features/ad-spend/components/variant-confidence';
import {
  defaultReportRange,
  lastDays,
  rangeInstants,
  useLandingReport,
  type ReportRange,
} from '@/features/reports/api/get-landing-report';
import { DailyChart } from '@/features/reports/components/daily-chart';
import { FunnelTable } from '@/features/reports/components/funnel-table';
import { VariantTable } from '@/features/reports/components/variant-table';

export default function ReportScreen() {
  const [range, setRange] = useState<ReportRange>(() => defaultReportRange());
  const valid = Boolean(range.from && range.to && range.from <= range.to);
  const shown = valid ? range : defaultReportRange();
  const report = useLandingReport(shown);
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
      <Cockpit range={shown} />
    </AreaPage>
  );
}

/** The marketing team's cockpit over the report's range: spend against leads, families and revenue. */
function Cockpit({ range }: { range: ReportRange }) {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const cockpit = useCockpit({ ...rangeInstants(range), timeZone });
  const currency = cockpit.data?.rows[0]?.currency ?? 'USD';
  return (
    <>
      <section aria-labelledby="cockpit-heading" className="mt-10">
        <h2 id="cockpit-heading" className="mb-1 font-display text-xl font-bold">
          Spend and return per campaign and variant
        </h2>
        <p className="mb-3 text-sm text-ink-muted">
          Leads, intro calls and families as the funnel above counts them (the campaign and page a lead came
          from); revenue is what those families have paid on their invoices: in their first month, and to
          date. A variant's spend is its campaign's, shared by the variant's share of the campaign's visitors.
        </p>
        {cockpit.isError ? (
          <p role="alert" className="text-red-800">
            The cockpit could not be loaded: {cockpit.error.message}
          </p>
        ) : !cockpit.data ? (
          <p role="status">Loading the cockpit…</p>
        ) : (
          <CockpitTable
            rows={cockpit.data.rows}
            fileName={`ploom-cockpit-${range.from}-to-${range.to}.csv`}
          />
        )}
      </section>
      <section aria-labelledby="cost-heading" className="mt-8">
        <h2 id="cost-heading" className="mb-3 font-display text-xl font-bold">
          Cost per enrolled family over time
        </h2>
        {cockpit.data ? <CostChart weeks={cockpit.data.weeks} currency={currency} /> : null}
      </section>
      <section aria-labelledby="confidence-heading" className="mt-8">
        <h2 id="confidence-heading" className="mb-3 font-display text-xl font-bold">
          Which variant converts better
        </h2>
        {cockpit.data ? <VariantConfidence rows={cockpit.data.rows} /> : null}
      </section>
      <section aria-labelledby="spend-heading" className="mt-8 flex flex-col gap-4">
        <h2 id="spend-heading" className="font-display text-xl font-bold">
          Ad spend
        </h2>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <SpendImport />
          <SpendEntry />
        </div>
      </section>
    </>
  );
}
