import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { familyChildFrom, familyKeys, type ChildJson, type FamilyChild } from './get-families';

export interface FamilySession {
  id: string;
  startsAt: string;
  durationMinutes: number;
  status: string;
  childFirstName: string | null;
  coachName: string | null;
}

export interface FamilyConsent {
  childId: string;
  signedName: string;
  givenAt: string;
  termsVersion: string;
  privacyVersion: string;
}

/** One family as staff see it: the children and their coaches, sessions, and the parent's consents. */
export interface FamilyDetail {
  parentId: string;
  parentFirstName: string | null;
  children: FamilyChild[];
  sessions: FamilySession[];
  consents: FamilyConsent[];
}

/**
 * A family by the parent's id, or null when the caller may not see it (a coach sees the families
 * of the children assigned to them; row level security decides, as for the list).
 */
export async function getFamily(parentId: string): Promise<FamilyDetail | null> {
  const supabase = await getSupabase();
  const family = await supabase
    .from('family_list')
    .select('parent_id, parent_first_name, children')
    .eq('parent_id', parentId)
    .maybeSingle();
  if (family.error) throw family.error;
  if (!family.data) return null;
  const children = ((family.data.children ?? []) as unknown as ChildJson[]).map((c) => familyChildFrom(c));
  const childIds = children.map((c) => c.id);
  const [sessions, consents] = await Promise.all([
    supabase
      .from('coaching_sessions')
      .select('id, starts_at, duration_minutes, status, children(first_name), coaches(display_name)')
      .in('child_id', childIds)
      .order('starts_at', { ascending: false })
      .limit(50),
    supabase
      .from('parental_consents')
      .select('child_id, signed_name, given_at, terms_version, privacy_version')
      .in('child_id', childIds)
      .order('given_at', { ascending: false }),
  ]);
  if (sessions.error) throw sessions.error;
  if (consents.error) throw consents.error;
  return {
    parentId: family.data.parent_id ?? parentId,
    parentFirstName: family.data.parent_first_name,
    children,
    sessions: sessions.data.map((s) => ({
      id: s.id,
      startsAt: s.starts_at,
      durationMinutes: s.duration_minutes,
      status: s.status,
      childFirstName: s.children?.first_name ?? null,
      coachName: s.coaches?.display_name ?? null,
    })),
    consents: consents.data.map((c) => ({
      childId: c.child_id,
      signedName: c.signed_name,
      givenAt: c.given_at,
      termsVersion: c.terms_version,
      privacyVersion: c.privacy_version,
    })),
  };
}

export const familyQueryOptions = (parentId: string) =>
  queryOptions({
    queryKey: [...familyKeys.all, 'detail', parentId] as const,
    queryFn: () => getFamily(parentId),
  });

export function useFamily(parentId: string) {
  return useQuery(familyQueryOptions(parentId));
}
