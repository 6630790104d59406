import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../types/database';

export type Subscriber = Pick<
  Database['public']['Tables']['newsletter_subscribers']['Row'],
  'id' | 'email' | 'first_name' | 'source' | 'confirmation_sent_at' | 'created_at'
>;

const COLUMNS = 'id, email, first_name, source, confirmation_sent_at, created_at';

/**
 * Newest first, searched by a part of the email or the first name. A search goes through
 * newsletter_search: under row level security an ILIKE filter cannot use the trigram indexes, the
 * function can (docs/decisions/204). Same rows and columns as the table, so its builder is typed
 * as the table's (its own type is a call's).
 */
export function subscribersQuery(client: SupabaseClient<Database>, filters: { q?: string }) {
  const table = () => client.from('newsletter_subscribers').select(COLUMNS, { count: 'exact' });
  const query = filters.q?.trim()
    ? (client
        .rpc('newsletter_search', { q: filters.q }, { count: 'exact' })
        .select(COLUMNS) as unknown as ReturnType<typeof table>)
    : table();
  return query.order('created_at', { ascending: false }).order('id', { ascending: false });
}
