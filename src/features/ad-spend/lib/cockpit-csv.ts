import { toCsv, type CsvColumn } from '@/lib/csv';
import type { CockpitRow } from '../api/get-cockpit';
import { minorUnitDigits } from './spend-csv';

/** Money in the CSV as the screen shows it, without the currency sign: 1659.24. */
function amount(minor: number | null, currency: string): string {
  if (minor === null) return '';
  const digits = minorUnitDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

const columns: CsvColumn<CockpitRow>[] = [
  { header: 'Per', value: (r) => r.dimension },
  { header: 'Campaign or variant', value: (r) => r.key ?? '(none)' },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Spend', value: (r) => amount(r.spendMinor, r.currency) },
  { header: 'Visitors', value: (r) => r.visitors },
  { header: 'Leads', value: (r) => r.leads },
  { header: 'Intro calls booked', value: (r) => r.introCallsBooked },
  { header: 'Enrolled families', value: (r) => r.enrolled },
  {
    header: 'Cost per lead',
    value: (r) => (r.spendMinor === 0 ? '' : amount(r.costPerLeadMinor, r.currency)),
  },
  {
    header: 'Cost per booked call',
    value: (r) => (r.spendMinor === 0 ? '' : amount(r.costPerCallMinor, r.currency)),
  },
  {
    header: 'Cost per enrolled family',
    value: (r) => (r.spendMinor === 0 ? '' : amount(r.costPerEnrolledMinor, r.currency)),
  },
  { header: 'First-month revenue', value: (r) => amount(r.firstMonthRevenueMinor, r.currency) },
  { header: 'Revenue to date', value: (r) => amount(r.revenueToDateMinor, r.currency) },
  { header: 'Return on spend', value: (r) => (r.returnOnSpend === null ? '' : r.returnOnSpend.toFixed(2)) },
];

/** The cockpit table as on screen, campaigns then variants, as a spreadsheet reads it. */
export const cockpitCsv = (rows: CockpitRow[]) => toCsv(columns, rows);
