import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { childLoginKeys } from './keys';

export type SecretKind = 'password' | 'pin';

export interface ChildLogin {
  childId: string;
  firstName: string;
  /** null when the child has no login yet */
  username: string | null;
  secretKind: SecretKind | null;
  /** while in the future, the login refuses every password (too many wrong tries) */
  lockedUntil: string | null;
}

/** The parent's children, each with their login's username (the secret is never readable). */
export async function fetchChildLogins(parentId: string): Promise<ChildLogin[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('children')
    .select('id, first_name, child_logins(username, secret_kind, child_login_locks(locked_until))')
    .eq('parent_id', parentId)
    .order('first_name')
    .order('id');
  if (error) throw error;
  return data.map((row) => {
    // One login per child (child_logins.child_id is its primary key): an object or null.
    const login = row.child_logins;
    return {
      childId: row.id,
      firstName: row.first_name,
      username: login?.username ?? null,
      secretKind: (login?.secret_kind as SecretKind | undefined) ?? null,
      lockedUntil: login?.child_login_locks?.locked_until ?? null,
    };
  });
}

export const childLoginsQueryOptions = (parentId: string) =>
  queryOptions({
    queryKey: childLoginKeys.ofParent(parentId),
    queryFn: () => fetchChildLogins(parentId),
  });

export function useChildLogins(parentId: string) {
  return useQuery(childLoginsQueryOptions(parentId));
}
