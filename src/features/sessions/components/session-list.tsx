import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { EmptyRow, Table, TD, TR } from '@/components/ui/table';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { ChildOption, CoachOption } from '../api/get-session-options';
import { SESSION_STATUSES, type SessionRow } from '../api/get-sessions';
import type { StatusFilter } from '../lib/session-filters';
import { statusLabel } from '../lib/status';
import { formatDateTime } from '../lib/time';

export interface ListFilters {
  coachId: string;
  childId: string;
  status: StatusFilter;
  /** local dates in the viewer's zone, '' for open */
  fromDate: string;
  toDate: string;
  page: number;
}

/** The list view: filters (coach, child, status, dates) and server-side pages. */
export function SessionList({
  filters,
  onFiltersChange,
  rows,
  total,
  pageSize,
  loading,
  coaches,
  kids,
  showCoachFilter,
  timeZone,
  onSelect,
}: {
  filters: ListFilters;
  onFiltersChange: (filters: ListFilters) => void;
  rows: SessionRow[];
  total: number;
  pageSize: number;
  loading: boolean;
  coaches: CoachOption[];
  kids: ChildOption[];
  showCoachFilter: boolean;
  timeZone: string;
  onSelect: (session: SessionRow) => void;
}) {
  const set = (patch: Partial<ListFilters>) => onFiltersChange({ ...filters, page: 1, ...patch });
  return (
    <div>
      <form
        aria-label="Filter sessions"
        className="grid gap-3 rounded-2xl border border-brand-100 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(event) => event.preventDefault()}
      >
        {showCoachFilter ? (
          <Field label="Coach">
            <Select value={filters.coachId} onChange={(e) => set({ coachId: e.target.value })}>
              <option value="">All coaches</option>
              {coaches.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <Field label="Child">
          <Select value={filters.childId} onChange={(e) => set({ childId: e.target.value })}>
            <option value="">All children</option>
            {kids.map((c) => (
              <option key={c.id} value={c.id}>
                {c.firstName}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Status">
          <Select
            value={filters.status}
            onChange={(e) => set({ status: e.target.value as ListFilters['status'] })}
          >
            <option value="">Any status</option>
            <option value="active">Not cancelled</option>
            {SESSION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="From">
          <Input type="date" value={filters.fromDate} onChange={(e) => set({ fromDate: e.target.value })} />
        </Field>
        <Field label="Until">
          <Input type="date" value={filters.toDate} onChange={(e) => set({ toDate: e.target.value })} />
        </Field>
      </form>

      <Table
        className="mt-4"
        caption={`Sessions, times in ${timeZone}`}
        columns={['When', 'Child', 'Coach', 'Status', { label: 'Actions', hidden: true }]}
      >
        {rows.map((row) => (
          <TR key={row.id}>
            <TD>{formatDateTime(new Date(row.startsAt), timeZone)}</TD>
            <TD>{row.child?.firstName}</TD>
            <TD>{row.coach?.name ?? 'No coach'}</TD>
            <TD>{statusLabel(row.status)}</TD>
            <TD className="text-right">
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onSelect(row)}
                aria-label={`Details: ${row.child?.firstName ?? 'session'}, ${formatDateTime(new Date(row.startsAt), timeZone)}`}
              >
                Details
              </Button>
            </TD>
          </TR>
        ))}
        {rows.length === 0 && !loading ? (
          <EmptyRow columns={5}>No sessions match these filters.</EmptyRow>
        ) : null}
      </Table>
      <Pagination
        label="Pages"
        page={filters.page}
        pageSize={pageSize}
        total={total}
        noun={['session', 'sessions']}
        onPage={(page) => onFiltersChange({ ...filters, page })}
      />
    </div>
  );
}
