import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../types/database';
import { escapeLike } from './lead-query';

export type Subscriber = Pick<
  Database['public']['Tables']['newsletter_subscribers']['Row'],
  'id' | 'email' | 'first_name' | 'source' | 'confirmation_sent_at' | 'created_at'
>;

/** Newest first, searched by email or first name. */
export function subscribersQuery(client: SupabaseClient<Database>, filters: { q?: string }) {
  let query = client
    .from('newsletter_subscribers')
    .select('id, email, first_name, source, confirmation_sent_at, created_at', { count: 'exact' });
  if (filters.q) {
    const pattern = `*${escapeLike(filters.q).replace(/[,()"]/g, ' ')}*`;
    query = query.or(`email.ilike.${pattern},first_name.ilike.${pattern}`);
  }
  return query.order('created_at', { ascending: false }).order('id', { ascending: false });
}
