import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { RowHeader, Table, TD, TR } from '@/components/ui/table';
import { downloadText } from '@/lib/csv';
import type { CockpitRow } from '../api/get-cockpit';
import { cockpitCsv } from '../lib/cockpit-csv';
import { formatMoney, formatReturn } from '../lib/money';

const NUMBER = 'text-right tabular-nums';
const columns = [
  'Spend',
  'Leads',
  'Intro calls booked',
  'Enrolled families',
  'Cost per lead',
  'Cost per booked call',
  'Cost per enrolled family',
  'First-month revenue',
  'Revenue to date',
  'Return on spend',
].map((label) => ({ label, className: NUMBER }));

/** What one lead, call or family cost; a dash where no spend was entered (organic, or not yet imported). */
const cost = (row: CockpitRow, minor: number | null) =>
  row.spendMinor === 0 ? '—' : formatMoney(minor, row.currency);

function Rows({ rows, name }: { rows: CockpitRow[]; name: string }) {
  return (
    <Table
      density="sm"
      caption={`Spend, leads, intro calls, enrolments, costs and revenue per ${name}`}
      columns={[name === 'campaign' ? 'Campaign' : 'Variant', ...columns]}
      scrollLabel={`Cockpit per ${name}`}
      minWidth="min-w-[64rem]"
    >
      {rows.map((row) => (
        <TR key={row.key ?? ''}>
          <RowHeader strong className="min-w-[12rem] [overflow-wrap:anywhere]">
            {row.key ?? <span className="font-normal italic text-ink-muted">None</span>}
          </RowHeader>
          <TD className={NUMBER}>{formatMoney(row.spendMinor, row.currency)}</TD>
          <TD className={NUMBER}>{row.leads}</TD>
          <TD className={NUMBER}>{row.introCallsBooked}</TD>
          <TD className={NUMBER}>{row.enrolled}</TD>
          <TD className={NUMBER}>{cost(row, row.costPerLeadMinor)}</TD>
          <TD className={NUMBER}>{cost(row, row.costPerCallMinor)}</TD>
          <TD className={NUMBER}>{cost(row, row.costPerEnrolledMinor)}</TD>
          <TD className={NUMBER}>{formatMoney(row.firstMonthRevenueMinor, row.currency)}</TD>
          <TD className={NUMBER}>{formatMoney(row.revenueToDateMinor, row.currency)}</TD>
          <TD className={NUMBER}>{formatReturn(row.returnOnSpend)}</TD>
        </TR>
      ))}
    </Table>
  );
}

/**
 * What each campaign and each landing variant cost and brought over the report's range, with the
 * same figures as a CSV download.
 */
export function CockpitTable({ rows, fileName }: { rows: CockpitRow[]; fileName: string }) {
  const campaigns = rows.filter((row) => row.dimension === 'campaign');
  const variants = rows.filter((row) => row.dimension === 'variant');
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => downloadText(fileName, cockpitCsv([...campaigns, ...variants]))}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Download the cockpit as CSV
        </Button>
      </div>
      <h3 className="font-display text-lg font-bold">Per campaign</h3>
      {campaigns.length ? <Rows rows={campaigns} name="campaign" /> : <p>No campaigns in this range.</p>}
      <h3 className="font-display text-lg font-bold">Per landing variant</h3>
      {variants.length ? <Rows rows={variants} name="variant" /> : <p>No variants in this range.</p>}
    </div>
  );
}
