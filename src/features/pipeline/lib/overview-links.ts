/**
 * The overview's links into the leads list (the same query parameters lib/lead-filters reads).
 * Kept apart from lead-filters so the overview's chunk shares no module with the leads screen.
 */
export interface LeadsLink {
  status?: string;
  variant?: string;
  from?: string;
  overdue?: boolean;
}

export function leadsSearch(link: LeadsLink): string {
  const params = new URLSearchParams();
  if (link.status) params.set('status', link.status);
  if (link.variant) params.set('variant', link.variant);
  if (link.from) params.set('from', link.from);
  if (link.overdue) params.set('overdue', '1');
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** A local day as YYYY-MM-DD. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
