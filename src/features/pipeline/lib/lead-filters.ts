/**
 * The leads list's filters, sort and page as the URL holds them (`/admin/waitlist?status=new&page=2`),
 * so every view of the list is a link: the overview's figures, a shared filter, the back button.
 */
import { LEAD_SOURCE_LABELS, LEAD_SOURCES, type LeadSource } from '../../../content/lead-sources';

export const leadStatuses = [
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'call_scheduled', label: 'Intro call booked' },
  { value: 'enrolled', label: 'Enrolled' },
  { value: 'not_a_fit', label: 'Not a fit' },
  { value: 'closed', label: 'Closed' },
] as const;
export type LeadStatus = (typeof leadStatuses)[number]['value'];

/** The sources by the names the team's emails use too (content/lead-sources). */
export const leadSources = LEAD_SOURCES.map((value) => ({ value, label: LEAD_SOURCE_LABELS[value] }));
export type { LeadSource };

export const leadSorts = [
  { value: 'created_at', label: 'Received' },
  { value: 'name', label: 'Name' },
  { value: 'email', label: 'Email' },
  { value: 'status', label: 'Status' },
  { value: 'source', label: 'Source' },
] as const;
export type LeadSort = (typeof leadSorts)[number]['value'];

export const LEAD_PAGE_SIZE = 25;

export interface LeadFilters {
  /** Name, email or child's first name contains this (any letter case). */
  q?: string;
  status?: LeadStatus;
  source?: LeadSource;
  /** A landing page path, e.g. '/coaching-v2'. */
  variant?: string;
  campaign?: string;
  /** Received on or after this local day (YYYY-MM-DD). */
  from?: string;
  /** Received on or before this local day (YYYY-MM-DD). */
  to?: string;
  /** Only leads past the reply promise. */
  overdue?: boolean;
  sort: LeadSort;
  dir: 'asc' | 'desc';
  /** 1-based. */
  page: number;
}

export const defaultLeadFilters: LeadFilters = { sort: 'created_at', dir: 'desc', page: 1 };

const isDay = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(new Date(`${v}T00:00:00`).getTime());
const oneOf = <T extends string>(options: readonly { value: T }[], v: string | null): T | undefined =>
  options.find((o) => o.value === v)?.value;
const text = (v: string | null, max: number) => {
  const trimmed = (v ?? '').trim().slice(0, max);
  return trimmed === '' ? undefined : trimmed;
};

/** Reads the filters from a URL's query; anything unknown or malformed is ignored. */
export function parseLeadFilters(params: URLSearchParams): LeadFilters {
  const page = Number(params.get('page'));
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const variant = text(params.get('variant'), 200);
  return {
    q: text(params.get('q'), 100),
    status: oneOf(leadStatuses, params.get('status')),
    source: oneOf(leadSources, params.get('source')),
    variant: variant?.startsWith('/') ? variant : undefined,
    campaign: text(params.get('campaign'), 200),
    from: isDay(from) ? from : undefined,
    to: isDay(to) ? to : undefined,
    overdue: params.get('overdue') === '1' || undefined,
    sort: oneOf(leadSorts, params.get('sort')) ?? defaultLeadFilters.sort,
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string for filters (defaults left out), for links and for the address bar. */
export function leadFiltersToSearch(filters: Partial<LeadFilters>): string {
  const params = new URLSearchParams();
  const set = (key: string, value: string | undefined) => {
    if (value) params.set(key, value);
  };
  set('q', filters.q);
  set('status', filters.status);
  set('source', filters.source);
  set('variant', filters.variant);
  set('campaign', filters.campaign);
  set('from', filters.from);
  set('to', filters.to);
  set('overdue', filters.overdue ? '1' : undefined);
  if (filters.sort && filters.sort !== defaultLeadFilters.sort) set('sort', filters.sort);
  if (filters.dir && filters.dir !== defaultLeadFilters.dir) set('dir', filters.dir);
  if (filters.page && filters.page > 1) set('page', String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** A local day as YYYY-MM-DD. */
export function toDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The instant a local day starts, and the start of the day after (the exclusive end of `to`). */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00`);
}
export function dayAfter(day: string): Date {
  const next = dayStart(day);
  next.setDate(next.getDate() + 1);
  return next;
}

export function statusLabel(status: string | null | undefined): string {
  return leadStatuses.find((s) => s.value === status)?.label ?? status ?? '';
}
/** A focus area as stored ('emotions') for display ('Emotions'). */
export function focusLabel(value: string | null | undefined): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : '';
}

export function sourceLabel(source: string | null | undefined): string {
  return leadSources.find((s) => s.value === source)?.label ?? source ?? '';
}
