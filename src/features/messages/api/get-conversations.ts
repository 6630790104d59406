import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { INVALID_TEXT_REPRESENTATION } from '@/lib/ids';
import { getSupabase } from '@/lib/supabase';
import type { Database } from '@/types/database';
import { messageKeys } from './keys';

export interface ConversationSummary {
  familyId: string;
  parentName: string | null;
  childrenNames: string | null;
  coachNames: string | null;
  lastMessageAt: string | null;
  lastSenderRole: string | null;
  messageCount: number;
  unread: number;
  /** the caller coaches this family (an admin reads the others for safeguarding) */
  isMine: boolean;
}

type Row = Database['public']['Functions']['family_conversations']['Returns'][number];

const toSummary = (row: Row): ConversationSummary => ({
  familyId: row.family_id,
  parentName: row.parent_name,
  childrenNames: row.children_names,
  coachNames: row.coach_names,
  lastMessageAt: row.last_message_at,
  lastSenderRole: row.last_sender_role,
  messageCount: row.message_count,
  unread: row.unread,
  isMine: row.is_mine,
});

/** How many conversations the inbox shows at first, and adds with each "Show more". */
export const CONVERSATIONS_PAGE = 50;

export interface ConversationPage {
  conversations: ConversationSummary[];
  /** every conversation the caller may read */
  total: number;
}

/**
 * The staff inbox: the first `limit` of the families the caller may read, unread first, then
 * newest first (the database orders them), with their number.
 */
export async function getConversations(limit: number = CONVERSATIONS_PAGE): Promise<ConversationPage> {
  const supabase = await getSupabase();
  const { data, error, count } = await supabase
    .rpc('family_conversations', undefined, { count: 'exact' })
    .range(0, limit - 1);
  if (error) throw error;
  const conversations = (data ?? []).map(toSummary);
  return { conversations, total: count ?? conversations.length };
}

export function conversationsQueryOptions(limit: number = CONVERSATIONS_PAGE) {
  return queryOptions({
    queryKey: [...messageKeys.conversations(), limit],
    queryFn: () => getConversations(limit),
    // "Show more" keeps the rows on screen while the longer page loads.
    placeholderData: keepPreviousData,
  });
}

export function useConversations(limit: number = CONVERSATIONS_PAGE) {
  return useQuery(conversationsQueryOptions(limit));
}

/** One family's row of the inbox (the conversation screen's heading), or null when not the caller's to read. */
export async function getConversationSummary(familyId: string): Promise<ConversationSummary | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('family_conversations', { only_family: familyId });
  // An id that is no uuid names no family: nothing found, not a failure to load.
  if (error?.code === INVALID_TEXT_REPRESENTATION) return null;
  if (error) throw error;
  const [row] = data ?? [];
  return row ? toSummary(row) : null;
}

export function useConversationSummary(familyId: string) {
  return useQuery({
    queryKey: [...messageKeys.conversations(), 'one', familyId],
    queryFn: () => getConversationSummary(familyId),
  });
}
