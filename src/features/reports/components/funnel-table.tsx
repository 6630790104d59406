import { RowHeader, Table, TD, TR } from '@/components/ui/table';
import { formatDuration } from '@/lib/duration';
import type { FunnelRow } from '../api/get-landing-report';

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const share = (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : '—');

/** visitor → lead → intro call booked → enrolled, per landing variant and campaign. */
export function FunnelTable({ rows }: { rows: FunnelRow[] }) {
  const number = 'text-right tabular-nums';
  const numbers = [
    'Visitors',
    'Leads',
    'Lead rate',
    'Intro calls booked',
    'Booked per lead',
    'Enrolled',
    'Enrolled per lead',
    'Median time to call',
  ].map((label) => ({ label, className: number }));
  return (
    <Table
      density="sm"
      caption="Funnel per landing variant and campaign: visitors, leads, intro calls booked and enrolments"
      columns={['Variant', 'Campaign', ...numbers]}
      scrollLabel="Funnel table"
      minWidth="min-w-[56rem]"
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
          <TD className={number}>{row.leads}</TD>
          <TD className={number}>{share(row.leads, row.visitors)}</TD>
          <TD className={number}>{row.callsBooked}</TD>
          <TD className={number}>{share(row.callsBooked, row.leads)}</TD>
          <TD className={number}>{row.enrolled}</TD>
          <TD className={number}>{share(row.enrolled, row.leads)}</TD>
          <TD className={number}>{formatDuration(row.medianHoursToCall)}</TD>
        </TR>
      ))}
    </Table>
  );
}
