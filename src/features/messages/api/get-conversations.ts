import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
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

/** The staff inbox: one row per family the caller may read, unread first, then newest first. */
export async function getConversations(): Promise<ConversationSummary[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('family_conversations');
  if (error) throw error;
  return (data ?? []).map((row) => ({
    familyId: row.family_id,
    parentName: row.parent_name,
    childrenNames: row.children_names,
    coachNames: row.coach_names,
    lastMessageAt: row.last_message_at,
    lastSenderRole: row.last_sender_role,
    messageCount: row.message_count,
    unread: row.unread,
    isMine: row.is_mine,
  }));
}

export function conversationsQueryOptions() {
  return queryOptions({ queryKey: messageKeys.conversations(), queryFn: getConversations });
}

export function useConversations() {
  return useQuery(conversationsQueryOptions());
}
