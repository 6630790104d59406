import { useUnreadCount } from '../api/get-unread-count';
import { useFollowConversations } from '../hooks/use-follow-conversations';
import { useFollowStaffMessages } from '../hooks/use-follow-staff-messages';
import { UnreadBadge } from './unread-badge';

/** The parent's nav: unread messages in their family's conversation, live. */
export function ParentUnread({ familyId }: { familyId: string }) {
  useFollowConversations([familyId]);
  const unread = useUnreadCount();
  return <UnreadBadge count={unread.data} />;
}

/**
 * The staff nav: unread messages in the conversations of the families the person coaches, live
 * (one count from the database and the person's own channel, whatever the number of families).
 */
export function StaffUnread({ userId }: { userId: string | undefined }) {
  useFollowStaffMessages(userId);
  const unread = useUnreadCount();
  return <UnreadBadge count={unread.data} />;
}
