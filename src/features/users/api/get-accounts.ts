import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { accountsPageQuery, type AccountsParams, type AppRole } from '../lib/accounts-query';

export type { AccountsParams, AppRole };
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

export interface AccountsPage {
  accounts: Account[];
  total: number;
}

/** One page of accounts as /admin/users shows it (see accountsPageQuery). */
export async function getAccounts(params: AccountsParams): Promise<AccountsPage> {
  const { data, error } = await accountsPageQuery(await getSupabase(), params);
  if (error) throw error;
  return {
    total: data?.[0]?.total ?? 0,
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
