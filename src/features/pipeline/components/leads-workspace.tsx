import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@/lib/navigation';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useLoadWhenDrawn } from '@/lib/first-screen';
import { useLiveQuery } from '@/lib/live-query';
import { useMediaQuery } from '@/lib/use-media-query';
import { useExportLeads } from '../api/export-leads';
import { leadsKey, useLeads } from '../api/get-leads';
import {
  LEAD_PAGE_SIZE,
  leadFiltersToSearch,
  parseLeadFilters,
  type LeadFilters,
  type LeadSort,
} from '../lib/lead-filters';
import { DETAILS_BESIDE_QUERY, detailsPlacement } from '../lib/lead-layout';
import { LeadDetails, preloadLeadDetails } from './lead-details';
import { LeadsFilters, type VariantOption } from './leads-filters';
import { leadButtonId, LeadsTable } from './leads-table';
import { Pagination } from '@/components/ui/pagination';

/**
 * The leads pipeline: filters and sort in the URL, one server-side page of the table, the selected
 * lead beside it, and the export of everything the filter matches. Live: a change to any lead the
 * viewer may see refreshes the list.
 */
export function LeadsWorkspace({ isAdmin, variants }: { isAdmin: boolean; variants: VariantOption[] }) {
  // useLocation/useNavigate rather than useSearchParams: the router's entry chunk stays as it is.
  const location = useLocation();
  const go = useNavigate();
  const params = new URLSearchParams(location.search);
  // The same object while the address's filters stay: opening a lead leaves the filters undrawn.
  const filters = useMemo(() => parseLeadFilters(new URLSearchParams(location.search)), [location.search]);
  // The address changes in a transition (lib/navigation): the lead clicked (or the panel closed)
  // shows at once, until the address has caught up or moved elsewhere (e.g. back).
  const [opening, setOpening] = useState<{ id: string; from: string } | null>(null);
  const selectedId =
    (opening && opening.from === location.search ? opening.id : params.get('lead')) || undefined;
  const { data, isPending, isError, error } = useLeads(filters);
  const exportLeads = useExportLeads();
  useLiveQuery(leadsKey, { table: 'leads' });
  // A lead's note form loads once the list is drawn and the page idle, before anyone opens a lead.
  useLoadWhenDrawn(preloadLeadDetails);

  const navigate = (next: Partial<LeadFilters>, lead: string | undefined = selectedId) => {
    const search = new URLSearchParams(leadFiltersToSearch(next));
    const tab = params.get('tab');
    if (tab) search.set('tab', tab);
    if (lead) search.set('lead', lead);
    go({ search: search.toString() });
  };
  const change = (changes: Partial<LeadFilters>) => navigate({ ...filters, ...changes, page: 1 });
  const open = (id: string) => {
    setOpening({ id, from: location.search });
    navigate(filters, id);
  };
  // One function for the screen's life, so the table's memoized rows are not all drawn again.
  const openRef = useRef(open);
  useLayoutEffect(() => {
    openRef.current = open;
  });
  const onOpen = useCallback((id: string) => openRef.current(id), []);
  const changeRef = useRef(change);
  useLayoutEffect(() => {
    changeRef.current = change;
  });
  const onFilter = useCallback((changes: Partial<LeadFilters>) => changeRef.current(changes), []);
  const selectedRef = useRef(selectedId);
  useLayoutEffect(() => {
    selectedRef.current = selectedId;
  });
  // Closing (the button, or Escape anywhere in the panel, as the panel covers part of the table)
  // takes the keyboard back to the lead's name in the table.
  const onClose = useCallback(() => {
    const closed = selectedRef.current;
    openRef.current('');
    requestAnimationFrame(() => {
      if (closed) document.getElementById(leadButtonId(closed))?.focus();
    });
  }, []);
  const variantLabel = (path: string | null) =>
    path ? (variants.find((v) => v.path === path)?.label ?? path) : 'No landing page';
  const wide = useMediaQuery(DETAILS_BESIDE_QUERY, true);
  // Until the page is read, the lead is taken to be on it: its details wait for its row.
  const placement = detailsPlacement(wide, data ? data.rows.some((lead) => lead.id === selectedId) : true);
  const details = selectedId ? (
    <div
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        // A note being written is not thrown away by a key.
        if (event.target instanceof HTMLTextAreaElement && event.target.value.trim()) return;
        onClose();
      }}
      className={
        placement === 'beside'
          ? 'lg:sticky lg:top-4 lg:-ml-[26rem] lg:max-h-[calc(100vh-2rem)] lg:w-[26rem] lg:shrink-0 lg:overflow-y-auto lg:rounded-2xl lg:shadow-xl'
          : placement === 'above-list'
            ? 'mb-4'
            : undefined
      }
    >
      <LeadDetails key={selectedId} id={selectedId} isAdmin={isAdmin} onClose={onClose} />
    </div>
  ) : null;

  const onExport = () =>
    exportLeads.mutate(filters, {
      onSuccess: (count) => toast({ title: 'Export ready', description: `${count} leads saved as CSV.` }),
      onError: (e) =>
        toast({ title: 'The export failed', description: (e as Error).message, variant: 'destructive' }),
    });

  return (
    <div className="space-y-4">
      <LeadsFilters filters={filters} variants={variants} onChange={onFilter} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-muted">
          Sorted by {filters.sort === 'created_at' ? 'received' : filters.sort}.
        </p>
        <Button variant="secondary" size="sm" onClick={onExport} disabled={exportLeads.isPending}>
          {exportLeads.isPending ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      {/* From lg up the lead's panel lies over the table's right-hand columns (it takes no width of
          its own: 26rem wide, pulled back by as much), held in view as the table scrolls, instead
          of taking a column: opening a lead lays out and paints the panel alone, not every row of
          a table squeezed to a new width. It never reaches the pages below the table. Below lg it
          opens in the table, right under the lead's row (lib/lead-layout). */}
      <div className="lg:flex lg:items-start">
        <div className="min-w-0 lg:flex-1">
          {placement === 'above-list' ? details : null}
          {isError ? (
            <p role="alert" className="text-red-800">
              The leads could not be loaded: {(error as Error).message}
            </p>
          ) : isPending ? (
            <p>Loading leads…</p>
          ) : (
            <LeadsTable
              rows={data.rows}
              count={data.count}
              filters={filters}
              selectedId={selectedId}
              details={placement === 'under-row' ? details : undefined}
              variantLabel={variantLabel}
              onSort={(sort: LeadSort, dir) => navigate({ ...filters, sort, dir, page: 1 })}
              onOpen={onOpen}
            />
          )}
        </div>
        {placement === 'beside' ? details : null}
      </div>
      {data && !isError ? (
        <Pagination
          page={filters.page}
          pageSize={LEAD_PAGE_SIZE}
          total={data.count}
          noun={['lead', 'leads']}
          label="Leads pages"
          onPage={(page) => navigate({ ...filters, page })}
        />
      ) : null}
    </div>
  );
}
