import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { Database } from '@/types/database';

export type AppRole = Database['public']['Enums']['app_role'];
export const APP_ROLES: AppRole[] = ['admin', 'coach', 'parent', 'child'];

/**
 * The roles an admin may grant an account holding `held`: a child's login holds the child role
 * alone, and the child role comes only with a child login (made on the family's page), never from
 * here. The database refuses the rest too (private.guard_child_role).
 */
export function grantableRoles(held: readonly AppRole[]): AppRole[] {
  if (held.includes('child')) return [];
  return APP_ROLES.filter((role) => role !== 'child' && !held.includes(role));
}

export type AccountStatus = 'active' | 'invited' | 'deactivated';

export interface Account {
  id: string;
  /** null for a child's login: its Auth address is a random identifier, never shown */
  email: string | null;
  /** the username of a child's login (null for everyone else) */
  childUsername: string | null;
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  roles: AppRole[];
  status: AccountStatus;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface AccountsParams {
  search: string;
  role: AppRole | '';
  page: number;
  pageSize: number;
}

export interface AccountsPage {
  accounts: Account[];
  total: number;
}

/** PostgREST's `or` filter takes commas and parentheses as syntax: keep them out of the term. */
export function searchPattern(search: string): string | null {
  const term = search
    .trim()
    .replace(/[,()*\\%_"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return term ? `*${term}*` : null;
}

/** One page of accounts, newest first, filtered on the server (name or email, role). */
export async function getAccounts({ search, role, page, pageSize }: AccountsParams): Promise<AccountsPage> {
  const supabase = await getSupabase();
  let query = supabase
    .rpc('admin_accounts', undefined, { count: 'exact' })
    .select(
      'id, email, child_username, first_name, last_name, full_name, roles, status, created_at, last_login_at',
    );
  const pattern = searchPattern(search);
  if (pattern) {
    query = query.or(`full_name.ilike.${pattern},email.ilike.${pattern},child_username.ilike.${pattern}`);
  }
  if (role) query = query.contains('roles', [role]);
  const from = (page - 1) * pageSize;
  const { data, error, count } = await query
    .order('created_at', { ascending: false })
    .order('id')
    .range(from, from + pageSize - 1);
  if (error) throw error;
  return {
    total: count ?? 0,
    accounts: (data ?? []).map((row) => ({
      id: row.id,
      email: row.email,
      childUsername: row.child_username,
      firstName: row.first_name,
      lastName: row.last_name,
      fullName: row.full_name,
      roles: row.roles,
      status: row.status as AccountStatus,
      createdAt: row.created_at,
      lastLoginAt: row.last_login_at,
    })),
  };
}

export const accountKeys = {
  all: ['admin-accounts'] as const,
  list: (params: AccountsParams) => [...accountKeys.all, params] as const,
};

export const accountsQueryOptions = (params: AccountsParams) =>
  queryOptions({
    queryKey: accountKeys.list(params),
    queryFn: () => getAccounts(params),
    placeholderData: keepPreviousData,
  });

export function useAccounts(params: AccountsParams) {
  return useQuery(accountsQueryOptions(params));
}
