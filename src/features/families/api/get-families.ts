import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';

export const FAMILY_PAGE_SIZE = 25;

export interface FamilyChild {
  id: string;
  firstName: string;
  /** years, as kept on the child (from the birth year, else the age given) */
  age: string | null;
  focusAreas: string[];
  coachId: string | null;
  coachName: string | null;
}

export interface Family {
  parentId: string;
  parentFirstName: string | null;
  children: FamilyChild[];
}

export interface FamilyFilters {
  /** only families with a child coached by this coach (admins' filter) */
  coachId?: string;
  /** from 1 */
  page: number;
}

/** A child as `family_list` keeps it (the age is worked out when shown: it changes with the year). */
export interface ChildJson {
  id: string;
  first_name: string;
  birth_year: number | null;
  age_band: string | null;
  focus_areas: string[] | null;
  coach_id: string | null;
  coach_name: string | null;
}

/** The child as the screens show it: the age from the birth year this year, else the age given. */
export function familyChildFrom(c: ChildJson, now = new Date()): FamilyChild {
  return {
    id: c.id,
    firstName: c.first_name,
    age: c.birth_year != null ? String(now.getFullYear() - c.birth_year) : c.age_band,
    focusAreas: c.focus_areas ?? [],
    coachId: c.coach_id,
    coachName: c.coach_name,
  };
}

export const familyKeys = {
  all: ['families'] as const,
  list: (filters: FamilyFilters) => ['families', 'list', filters] as const,
  coaches: ['families', 'coaches'] as const,
  waiting: ['families', 'waiting'] as const,
  matchChoices: (childId: string) => ['families', 'match-choices', childId] as const,
};

/**
 * One page of `family_list`: a coach's assigned families, every family for an admin (the view and
 * row level security decide), by the parent's first name.
 */
export async function getFamilies(filters: FamilyFilters): Promise<{ rows: Family[]; total: number }> {
  const supabase = await getSupabase();
  let query = supabase
    .from('family_list')
    .select('parent_id, parent_first_name, children', { count: 'exact' });
  if (filters.coachId) query = query.contains('coach_ids', [filters.coachId]);
  const from = (filters.page - 1) * FAMILY_PAGE_SIZE;
  const { data, error, count } = await query
    .order('parent_first_name', { ascending: true, nullsFirst: false })
    .order('parent_id')
    .range(from, from + FAMILY_PAGE_SIZE - 1);
  if (error) throw error;
  return {
    total: count ?? 0,
    rows: (data ?? []).map((row) => ({
      parentId: row.parent_id ?? '',
      parentFirstName: row.parent_first_name,
      children: ((row.children ?? []) as unknown as ChildJson[]).map((c) => familyChildFrom(c)),
    })),
  };
}

export function familiesQueryOptions(filters: FamilyFilters) {
  return queryOptions({
    queryKey: familyKeys.list(filters),
    queryFn: () => getFamilies(filters),
    placeholderData: keepPreviousData,
  });
}

export function useFamilies(filters: FamilyFilters) {
  return useQuery(familiesQueryOptions(filters));
}
