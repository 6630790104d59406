import { RowHeader, Table, TD, TR } from '@/components/ui/table';
import type { VariantRow } from '../api/get-landing-report';

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const seconds = (value: number | null) => (value === null ? '—' : `${Math.round(value)} s`);

/** Per landing variant and campaign: traffic, time on page and each kind of conversion. */
export function VariantTable({ rows }: { rows: VariantRow[] }) {
  const number = 'text-right tabular-nums';
  const numbers = [
    'Visitors',
    'Page views',
    'Median time',
    'Quiz',
    'Fit calls',
    'Waitlist',
    'Newsletter',
    'Contact',
    'Conversions',
    'Conversion rate',
  ].map((label) => ({ label, className: number }));
  return (
    <Table
      density="sm"
      caption="Visitors and conversions per landing variant and campaign"
      columns={['Variant', 'Campaign', ...numbers]}
      scrollLabel="Per-variant table"
      minWidth="min-w-[60rem]"
    >
      {rows.map((row) => (
        <TR key={`${row.path ?? ''}|${row.campaign ?? ''}`}>
          <RowHeader strong>
            {row.path ?? <span className="font-normal italic text-ink-muted">Not attributed</span>}
          </RowHeader>
          <TD className="[overflow-wrap:anywhere]">
            {row.campaign ?? <span className="text-ink-muted">none</span>}
          </TD>
          <TD className={number}>{row.visitors}</TD>
          <TD className={number}>{row.pageViews}</TD>
          <TD className={number}>{seconds(row.medianSeconds)}</TD>
          <TD className={number}>{row.quiz}</TD>
          <TD className={number}>{row.fitCalls}</TD>
          <TD className={number}>{row.waitlist}</TD>
          <TD className={number}>{row.newsletter}</TD>
          <TD className={number}>{row.contact}</TD>
          <TD className={number}>{row.conversions}</TD>
          <TD className={number}>{row.conversionRate === null ? '—' : percent.format(row.conversionRate)}</TD>
        </TR>
      ))}
    </Table>
  );
}
