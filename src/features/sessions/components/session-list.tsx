import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
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

      <div className="relative mt-4 overflow-x-auto rounded-2xl border border-brand-100 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Sessions, times in {timeZone}</caption>
          <thead className="bg-brand-50 text-ink">
            <tr>
              <th scope="col" className="px-4 py-3">
                When
              </th>
              <th scope="col" className="px-4 py-3">
                Child
              </th>
              <th scope="col" className="px-4 py-3">
                Coach
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-brand-100">
                <td className="px-4 py-3">{formatDateTime(new Date(row.startsAt), timeZone)}</td>
                <td className="px-4 py-3">{row.child?.firstName}</td>
                <td className="px-4 py-3">{row.coach?.name ?? 'No coach'}</td>
                <td className="px-4 py-3">{statusLabel(row.status)}</td>
                <td className="px-4 py-3 text-right">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onSelect(row)}
                    aria-label={`Details: ${row.child?.firstName ?? 'session'}, ${formatDateTime(new Date(row.startsAt), timeZone)}`}
                  >
                    Details
                  </Button>
                </td>
              </tr>
            ))}
            {rows.length === 0 && !loading ? (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-ink-muted">
                  No sessions match these filters.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
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
