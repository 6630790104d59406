import { SESSION_STATUSES, type SessionStatus } from '../api/get-sessions';
import { mondayOf } from './time';

/** The list's status filter: one status, or every session that is not cancelled. */
export type StatusFilter = '' | 'active' | SessionStatus;

/**
 * /admin/sessions as the URL holds it (`?view=list&from=2026-11-23&to=2026-11-29&coach=…`), so the
 * overview's figures, a shared link and back/forward open the same view:
 * - view: `week` or `list`; without it, `list` when a list filter is given, else `week`
 * - week: the Monday the week view shows (YYYY-MM-DD), default this week
 * - coach, child, status, from, to (local days, inclusive), page (1-based)
 * `from` absent means "from today"; `from=` (empty) means no lower bound.
 */
export interface SessionsView {
  view: 'week' | 'list';
  monday: string;
  coachId: string;
  childId: string;
  status: StatusFilter;
  /** local days in the viewer's zone, '' for open */
  fromDate: string;
  toDate: string;
  /** from 1, as in the URL */
  page: number;
}

const LIST_KEYS = ['coach', 'child', 'status', 'from', 'to', 'page'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string | null): v is string => v !== null && DAY.test(v) && !Number.isNaN(Date.parse(v));
const isId = (v: string | null): v is string => v !== null && /^[0-9a-f-]{1,64}$/i.test(v);
const STATUS_FILTERS: readonly string[] = ['active', ...SESSION_STATUSES];

/** Reads the view from a URL's query (`today` = the viewer's local day); anything malformed is ignored. */
export function parseSessionsView(params: URLSearchParams, today: string): SessionsView {
  const view = params.get('view');
  const hasListFilter = LIST_KEYS.some((key) => params.has(key));
  const week = params.get('week');
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  const from = params.get('from');
  return {
    view: view === 'week' || view === 'list' ? view : hasListFilter ? 'list' : 'week',
    monday: mondayOf(isDay(week) ? week : today),
    coachId: isId(params.get('coach')) ? params.get('coach')! : '',
    childId: isId(params.get('child')) ? params.get('child')! : '',
    status: (STATUS_FILTERS.includes(status) ? status : '') as StatusFilter,
    fromDate: from === null ? today : isDay(from) ? from : '',
    toDate: isDay(params.get('to')) ? params.get('to')! : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string for a view (defaults left out), for links and for the address bar. */
export function sessionsViewToSearch(view: SessionsView, today: string): string {
  const params = new URLSearchParams();
  params.set('view', view.view);
  if (view.monday !== mondayOf(today)) params.set('week', view.monday);
  if (view.coachId) params.set('coach', view.coachId);
  if (view.childId) params.set('child', view.childId);
  if (view.status) params.set('status', view.status);
  if (view.fromDate !== today) params.set('from', view.fromDate);
  if (view.toDate) params.set('to', view.toDate);
  if (view.page > 1) params.set('page', String(view.page));
  return `?${params.toString()}`;
}
