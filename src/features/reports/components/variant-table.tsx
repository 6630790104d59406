import type { VariantRow } from '../api/get-landing-report';

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const seconds = (value: number | null) => (value === null ? '—' : `${Math.round(value)} s`);

/** Per landing variant and campaign: traffic, time on page and each kind of conversion. */
export function VariantTable({ rows }: { rows: VariantRow[] }) {
  const cell = 'px-2 py-2 text-right tabular-nums';
  return (
    // Focusable, so a keyboard can scroll the table sideways on a narrow screen.
    <div
      role="region"
      aria-label="Per-variant table"
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-brand-100 bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <table className="w-full min-w-[60rem] text-sm">
        <caption className="sr-only">Visitors and conversions per landing variant and campaign</caption>
        <thead className="bg-brand-50">
          <tr>
            <th scope="col" className="px-2 py-2 text-left">
              Variant
            </th>
            <th scope="col" className="px-2 py-2 text-left">
              Campaign
            </th>
            <th scope="col" className={cell}>
              Visitors
            </th>
            <th scope="col" className={cell}>
              Page views
            </th>
            <th scope="col" className={cell}>
              Median time
            </th>
            <th scope="col" className={cell}>
              Quiz
            </th>
            <th scope="col" className={cell}>
              Fit calls
            </th>
            <th scope="col" className={cell}>
              Waitlist
            </th>
            <th scope="col" className={cell}>
              Newsletter
            </th>
            <th scope="col" className={cell}>
              Contact
            </th>
            <th scope="col" className={cell}>
              Conversions
            </th>
            <th scope="col" className={cell}>
              Conversion rate
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.path ?? ''}|${row.campaign ?? ''}`} className="border-t border-brand-100">
              <th scope="row" className="px-2 py-2 text-left font-semibold">
                {row.path ?? <span className="font-normal italic text-ink-muted">Not attributed</span>}
              </th>
              <td className="px-2 py-2 [overflow-wrap:anywhere]">
                {row.campaign ?? <span className="text-ink-muted">none</span>}
              </td>
              <td className={cell}>{row.visitors}</td>
              <td className={cell}>{row.pageViews}</td>
              <td className={cell}>{seconds(row.medianSeconds)}</td>
              <td className={cell}>{row.quiz}</td>
              <td className={cell}>{row.fitCalls}</td>
              <td className={cell}>{row.waitlist}</td>
              <td className={cell}>{row.newsletter}</td>
              <td className={cell}>{row.contact}</td>
              <td className={cell}>{row.conversions}</td>
              <td className={cell}>
                {row.conversionRate === null ? '—' : percent.format(row.conversionRate)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
