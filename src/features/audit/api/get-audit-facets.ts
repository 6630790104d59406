import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { auditKeys } from './get-audit-entries';

export interface AuditFacets {
  actions: string[];
  entityTypes: string[];
  actors: { id: string; label: string }[];
}

/** What the filters offer: the actions and entity types in the log, and the team's accounts. */
export async function getAuditFacets(): Promise<AuditFacets> {
  const supabase = await getSupabase();
  const [facets, team] = await Promise.all([
    supabase.rpc('audit_log_facets'),
    supabase
      .rpc('admin_accounts')
      .select('id, full_name, email')
      .overlaps('roles', ['admin', 'coach'])
      .order('full_name'),
  ]);
  if (facets.error) throw facets.error;
  if (team.error) throw team.error;
  const unique = (values: (string | null)[]) =>
    [...new Set(values.filter((v): v is string => Boolean(v)))].sort();
  return {
    actions: unique(facets.data.map((f) => f.action)),
    entityTypes: unique(facets.data.map((f) => f.entity_type)),
    actors: team.data.map((a) => ({
      id: a.id,
      label: a.full_name ? `${a.full_name} (${a.email})` : a.email,
    })),
  };
}

export const auditFacetsQueryOptions = () =>
  queryOptions({ queryKey: auditKeys.facets(), queryFn: getAuditFacets, staleTime: 60_000 });

export function useAuditFacets() {
  return useQuery(auditFacetsQueryOptions());
}
