import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../types/database';

export type AppRole = Database['public']['Enums']['app_role'];

export interface AccountsParams {
  search: string;
  role: AppRole | '';
  page: number;
  pageSize: number;
}

/**
 * One page of accounts, newest first, filtered in the database (a part of a name, an email or a
 * child's username; a role): `admin_account_page` pages and counts inside, and every row carries
 * the exact count of the matching accounts.
 */
export function accountsPageQuery(
  client: SupabaseClient<Database>,
  { search, role, page, pageSize }: AccountsParams,
) {
  return client
    .rpc('admin_account_page', {
      search: search.trim() || undefined,
      role: role || undefined,
      page_size: pageSize,
      page_offset: (page - 1) * pageSize,
    })
    .select(
      'id, email, child_username, first_name, last_name, full_name, roles, status, created_at, last_login_at, total',
    );
}
