import { useState } from 'react';
import { AreaPage } from '@/app/components/area-shell';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useAuditEntries, type AuditFilters } from '@/features/audit/api/get-audit-entries';
import { useAuditFacets } from '@/features/audit/api/get-audit-facets';
import { AuditTable } from '@/features/audit/components/audit-table';
import { Pagination } from '@/components/ui/pagination';
import { actionLabel } from '@/features/audit/lib/describe';

const PAGE_SIZE = 25;
const NO_FILTERS: AuditFilters = { actor: '', action: '', entityType: '', from: '', to: '' };

export default function AuditLogsScreen() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const entries = useAuditEntries(filters, page, PAGE_SIZE);
  const facets = useAuditFacets();

  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) => {
    setFilters((current) => ({ ...current, [key]: event.target.value }));
    setPage(1);
  };
  const label = 'mb-1 block text-sm font-semibold';

  return (
    <AreaPage area="Admin" title="Audit logs" description="Who did what, and when.">
      <form
        aria-label="Filter the audit log"
        className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="block">
          <span className={label}>Actor</span>
          <Select value={filters.actor} onChange={set('actor')}>
            <option value="">Everyone</option>
            <option value="system">System</option>
            {facets.data?.actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.label}
              </option>
            ))}
          </Select>
        </label>
        <label className="block">
          <span className={label}>Action</span>
          <Select value={filters.action} onChange={set('action')}>
            <option value="">All actions</option>
            {facets.data?.actions.map((action) => (
              <option key={action} value={action}>
                {actionLabel(action)}
              </option>
            ))}
          </Select>
        </label>
        <label className="block">
          <span className={label}>Entity type</span>
          <Select value={filters.entityType} onChange={set('entityType')}>
            <option value="">All entities</option>
            {facets.data?.entityTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Select>
        </label>
        <label className="block">
          <span className={label}>From</span>
          <Input type="date" value={filters.from} onChange={set('from')} />
        </label>
        <label className="block">
          <span className={label}>To</span>
          <Input type="date" value={filters.to} onChange={set('to')} />
        </label>
      </form>
      {entries.isError ? (
        <p role="alert" className="text-red-800">
          The audit log could not be loaded: {entries.error.message}
        </p>
      ) : !entries.data ? (
        <p role="status">Loading the audit log…</p>
      ) : entries.data.entries.length === 0 ? (
        <p role="status">No entry matches these filters.</p>
      ) : (
        <>
          <AuditTable entries={entries.data.entries} />
          <Pagination
            label="Pages of the audit log"
            page={page}
            pageSize={PAGE_SIZE}
            total={entries.data.total}
            noun={['entry', 'entries']}
            onPage={setPage}
          />
        </>
      )}
    </AreaPage>
  );
}
