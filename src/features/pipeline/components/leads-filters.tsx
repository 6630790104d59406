import { memo, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { leadFiltersToSearch, leadSources, leadStatuses, type LeadFilters } from '../lib/lead-filters';

export interface VariantOption {
  path: string;
  label: string;
}

/**
 * Search and filters of the leads list; each change applies at once (search on submit). Memoized on
 * the filters' values: opening a lead or changing one leaves the form as it is.
 */
export const LeadsFilters = memo(
  function LeadsFilters({
    filters,
    variants,
    onChange,
  }: {
    filters: LeadFilters;
    variants: VariantOption[];
    onChange: (changes: Partial<LeadFilters>) => void;
  }) {
    const submit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
      onChange({ q: q || undefined });
    };
    return (
      <form
        role="search"
        aria-label="Search and filter leads"
        onSubmit={submit}
        className="grid gap-3 md:grid-cols-4"
      >
        <div className="flex items-end gap-2 md:col-span-2">
          <Field label="Search by name or email" className="flex-1">
            <Input
              key={filters.q ?? ''}
              name="q"
              type="search"
              defaultValue={filters.q ?? ''}
              autoComplete="off"
            />
          </Field>
          <Button type="submit" variant="secondary" size="sm" className="mb-0.5">
            Search
          </Button>
        </div>
        <Field label="Status">
          <Select
            value={filters.status ?? ''}
            onChange={(e) => onChange({ status: (e.target.value || undefined) as LeadFilters['status'] })}
          >
            <option value="">All statuses</option>
            {leadStatuses.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Source">
          <Select
            value={filters.source ?? ''}
            onChange={(e) => onChange({ source: (e.target.value || undefined) as LeadFilters['source'] })}
          >
            <option value="">All sources</option>
            {leadSources.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Landing variant">
          <Select
            value={filters.variant ?? ''}
            onChange={(e) => onChange({ variant: e.target.value || undefined })}
          >
            <option value="">All variants</option>
            {variants.map((v) => (
              <option key={v.path} value={v.path}>
                {v.label}
              </option>
            ))}
            {filters.variant && !variants.some((v) => v.path === filters.variant) ? (
              <option value={filters.variant}>{filters.variant}</option>
            ) : null}
          </Select>
        </Field>
        <Field label="Received from">
          <Input
            type="date"
            value={filters.from ?? ''}
            onChange={(e) => onChange({ from: e.target.value || undefined })}
          />
        </Field>
        <Field label="Received to">
          <Input
            type="date"
            value={filters.to ?? ''}
            onChange={(e) => onChange({ to: e.target.value || undefined })}
          />
        </Field>
        <div className="flex items-end">
          <label className="flex min-h-[44px] cursor-pointer items-center gap-3 py-2 text-sm text-ink">
            <input
              type="checkbox"
              className="h-5 w-5 shrink-0 rounded border-ink-muted accent-brand-700"
              checked={Boolean(filters.overdue)}
              onChange={(e) => onChange({ overdue: e.target.checked || undefined })}
            />
            Only overdue (no reply after 24 h)
          </label>
        </div>
        {filters.campaign ? (
          <p className="text-sm text-ink-muted md:col-span-4">
            Campaign: <span className="font-semibold text-ink">{filters.campaign}</span>{' '}
            <button type="button" className="underline" onClick={() => onChange({ campaign: undefined })}>
              Clear campaign
            </button>
          </p>
        ) : null}
      </form>
    );
  },
  (before, after) =>
    before.variants === after.variants &&
    before.onChange === after.onChange &&
    String(new URLSearchParams(leadFiltersToSearch(before.filters))) ===
      String(new URLSearchParams(leadFiltersToSearch(after.filters))),
);
