import { useConversations } from '../api/get-conversations';
import { useUnreadCount } from '../api/get-unread-count';
import { useFollowConversations } from '../hooks/use-follow-conversations';
import { UnreadBadge } from './unread-badge';

/** The parent's nav: unread messages in their family's conversation, live. */
export function ParentUnread({ familyId }: { familyId: string }) {
  useFollowConversations([familyId]);
  const unread = useUnreadCount();
  return <UnreadBadge count={unread.data} />;
}

/** The staff nav: unread messages in the conversations of the families the person coaches, live. */
export function StaffUnread() {
  const conversations = useConversations();
  const mine = (conversations.data ?? []).filter((c) => c.isMine);
  useFollowConversations(mine.map((c) => c.familyId));
  return <UnreadBadge count={mine.reduce((sum, c) => sum + c.unread, 0)} />;
}
