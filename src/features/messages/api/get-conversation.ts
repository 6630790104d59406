import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { messageKeys } from './keys';

export type SenderRole = 'parent' | 'coach' | 'admin';

export interface FamilyMessage {
  id: string;
  senderId: string | null;
  senderRole: SenderRole;
  body: string;
  createdAt: string;
}

/** The newest messages a conversation shows at once (older ones stay in the family's export). */
export const CONVERSATION_LIMIT = 200;

/** A family's messages, oldest first (the last `CONVERSATION_LIMIT`). */
export async function getConversation(familyId: string): Promise<FamilyMessage[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('family_messages')
    .select('id, sender_id, sender_role, body, created_at')
    .eq('family_id', familyId)
    .order('created_at', { ascending: false })
    .limit(CONVERSATION_LIMIT);
  if (error) throw error;
  return data
    .map((row) => ({
      id: row.id,
      senderId: row.sender_id,
      senderRole: row.sender_role as SenderRole,
      body: row.body,
      createdAt: row.created_at,
    }))
    .reverse();
}

export function conversationQueryOptions(familyId: string) {
  return queryOptions({
    queryKey: messageKeys.conversation(familyId),
    queryFn: () => getConversation(familyId),
  });
}

export function useConversation(familyId: string) {
  return useQuery(conversationQueryOptions(familyId));
}
