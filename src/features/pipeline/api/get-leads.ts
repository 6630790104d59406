import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getRest } from '@/lib/rest';
import { LEAD_PAGE_SIZE, type LeadFilters } from '../lib/lead-filters';
import { fetchLeadsPage } from '../lib/lead-query';

/** Every leads query (the overview's too) shares this prefix, so a change to a lead refreshes them all. */
export const leadsKey = ['leads'] as const;

export async function getLeads(filters: LeadFilters) {
  return fetchLeadsPage(getRest(), filters, LEAD_PAGE_SIZE);
}

export const leadsQueryOptions = (filters: LeadFilters) =>
  queryOptions({
    queryKey: [...leadsKey, 'list', filters],
    queryFn: () => getLeads(filters),
    placeholderData: keepPreviousData,
  });

export function useLeads(filters: LeadFilters) {
  return useQuery(leadsQueryOptions(filters));
}
