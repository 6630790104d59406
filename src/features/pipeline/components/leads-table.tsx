import { Fragment, memo, type ReactNode } from 'react';
import { EmptyRow, RowHeader, Table, TD, TH, TR } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import {
  focusLabel,
  leadSorts,
  sourceLabel,
  statusLabel,
  type LeadFilters,
  type LeadSort,
} from '../lib/lead-filters';
import { WIDE_ONLY_COLUMN } from '../lib/lead-layout';
import type { LeadRow } from '../lib/lead-query';
import { timeAgo } from '../lib/time-ago';

const sortable: Partial<Record<LeadSort, string>> = Object.fromEntries(
  leadSorts.map((s) => [s.value, s.label]),
);

function SortHeader({
  column,
  label,
  filters,
  onSort,
  className,
}: {
  column: LeadSort;
  label: string;
  filters: LeadFilters;
  onSort: (sort: LeadSort, dir: 'asc' | 'desc') => void;
  className?: string;
}) {
  const active = filters.sort === column;
  const next =
    active && filters.dir === 'desc' ? 'asc' : active ? 'desc' : column === 'created_at' ? 'desc' : 'asc';
  return (
    <TH
      aria-sort={active ? (filters.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={className}
    >
      <button
        type="button"
        onClick={() => onSort(column, next)}
        className="inline-flex min-h-11 items-center gap-1 font-semibold underline-offset-4 hover:underline"
      >
        {label}
        <span aria-hidden="true">{active ? (filters.dir === 'asc' ? '▲' : '▼') : ''}</span>
        <span className="sr-only">
          {active ? `, sorted ${filters.dir === 'asc' ? 'ascending' : 'descending'}` : ', sort'}
        </span>
      </button>
    </TH>
  );
}

/** The id of a lead's name button in the table, for the panel to hand the keyboard back to. */
export const leadButtonId = (id: string) => `lead-row-${id}`;

/** One lead's row: drawn again only when the lead or its selection changes, not on every click. */
const LeadTableRow = memo(function LeadTableRow({
  lead,
  selected,
  variant,
  onOpen,
}: {
  lead: LeadRow;
  selected: boolean;
  variant: string;
  onOpen: (id: string) => void;
}) {
  return (
    <TR
      className={cn(
        'align-top',
        lead.overdue && 'bg-red-50',
        selected && 'outline outline-2 -outline-offset-2 outline-brand-700',
      )}
    >
      <RowHeader>
        <button
          type="button"
          id={leadButtonId(lead.id!)}
          onClick={() => onOpen(lead.id!)}
          className="min-h-11 text-left font-semibold text-brand-800 underline underline-offset-4 [overflow-wrap:anywhere]"
          aria-current={selected ? 'true' : undefined}
        >
          {lead.name ?? lead.email}
        </button>
        {/* A long address (or one shown as the name) wraps rather than widening a phone's table. */}
        <div className="min-w-36 text-ink-muted [overflow-wrap:anywhere]">{lead.email}</div>
      </RowHeader>
      <TD className={WIDE_ONLY_COLUMN}>
        <div>{sourceLabel(lead.source)}</div>
        <div className="text-ink-muted">
          {variant}
          {lead.utm_campaign ? ` · ${lead.utm_campaign}` : ''}
        </div>
      </TD>
      <TD className={WIDE_ONLY_COLUMN}>
        <div>
          {[lead.child_name, lead.child_age ? `age ${lead.child_age}` : null].filter(Boolean).join(', ') ||
            '—'}
        </div>
        <div className="text-ink-muted">{focusLabel(lead.focus_area)}</div>
      </TD>
      <TD>
        <span className="rounded-full bg-brand-50 px-2 py-1 font-semibold text-brand-800">
          {statusLabel(lead.status)}
        </span>
      </TD>
      <TD className={WIDE_ONLY_COLUMN}>
        {lead.assignee_name ?? <span className="text-ink-muted">Unassigned</span>}
      </TD>
      <TD className="whitespace-nowrap">
        <time dateTime={lead.created_at ?? undefined} title={new Date(lead.created_at!).toLocaleString()}>
          {timeAgo(lead.created_at!)}
        </time>
        {lead.overdue ? (
          <div className="mt-1 inline-block rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
            Overdue
          </div>
        ) : null}
      </TD>
    </TR>
  );
});

const COLUMNS = 6;

/**
 * The leads as a real table: a caption with the count, sortable column headers, one row per lead.
 * `details`, when given, is the selected lead's details, in a row of their own right under its row.
 */
export function LeadsTable({
  rows,
  count,
  filters,
  selectedId,
  details,
  variantLabel,
  onSort,
  onOpen,
}: {
  rows: LeadRow[];
  count: number;
  filters: LeadFilters;
  selectedId?: string;
  details?: ReactNode;
  variantLabel: (path: string | null) => string;
  onSort: (sort: LeadSort, dir: 'asc' | 'desc') => void;
  onOpen: (id: string) => void;
}) {
  return (
    <Table
      density="sm"
      captionVisible
      caption={
        <>
          {count === 1 ? '1 lead' : `${count} leads`} match these filters
          {count > rows.length ? `, showing ${rows.length} on this page` : ''}.
        </>
      }
      head={
        <>
          <SortHeader column="name" label={sortable.name!} filters={filters} onSort={onSort} />
          <SortHeader
            column="source"
            label={sortable.source!}
            filters={filters}
            onSort={onSort}
            className={WIDE_ONLY_COLUMN}
          />
          <TH className={WIDE_ONLY_COLUMN}>Child</TH>
          <SortHeader column="status" label={sortable.status!} filters={filters} onSort={onSort} />
          <TH className={WIDE_ONLY_COLUMN}>Assignee</TH>
          <SortHeader column="created_at" label={sortable.created_at!} filters={filters} onSort={onSort} />
        </>
      }
    >
      {rows.length === 0 ? <EmptyRow columns={COLUMNS}>No leads match these filters.</EmptyRow> : null}
      {rows.map((lead) => (
        <Fragment key={lead.id}>
          <LeadTableRow
            lead={lead}
            selected={lead.id === selectedId}
            variant={variantLabel(lead.landing_variant)}
            onOpen={onOpen}
          />
          {details && lead.id === selectedId ? (
            <tr data-testid="lead-details-row">
              <td colSpan={COLUMNS} className="bg-brand-50 p-2">
                {details}
              </td>
            </tr>
          ) : null}
        </Fragment>
      ))}
    </Table>
  );
}
