import type { CsvColumn } from '@/lib/csv';
import { sourceLabel, statusLabel } from './lead-filters';
import type { LeadRow } from './lead-query';

/** The columns of the leads export, in the order a spreadsheet shows them. */
export const leadCsvColumns: CsvColumn<LeadRow>[] = [
  { header: 'Received', value: (l) => l.created_at },
  { header: 'Name', value: (l) => l.name },
  { header: 'Email', value: (l) => l.email },
  { header: 'Phone', value: (l) => l.phone },
  { header: 'Child', value: (l) => l.child_name },
  { header: 'Child age', value: (l) => l.child_age },
  { header: 'Focus area', value: (l) => l.focus_area },
  { header: 'Source', value: (l) => sourceLabel(l.source) },
  { header: 'Landing variant', value: (l) => l.landing_variant },
  { header: 'UTM source', value: (l) => l.utm_source },
  { header: 'UTM medium', value: (l) => l.utm_medium },
  { header: 'UTM campaign', value: (l) => l.utm_campaign },
  { header: 'Status', value: (l) => statusLabel(l.status) },
  { header: 'Overdue', value: (l) => (l.overdue ? 'yes' : 'no') },
  { header: 'Assignee', value: (l) => l.assignee_name },
  { header: 'Message', value: (l) => l.message },
];
