import { AreaPage } from '@/app/components/area-shell';
import { useStaffArea } from '@/app/components/staff-area';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { Inbox } from '@/features/messages/components/inbox';

/** /admin/messages: the staff inbox of family conversations, unread first, then newest first. */
export default function Screen() {
  const area = useStaffArea();
  const { user } = useAuth();
  return (
    <AreaPage
      area={area}
      title="Messages"
      description={
        area === 'Admin'
          ? 'Every family’s conversation with its coach. Admins read them for safeguarding and may join in.'
          : 'Your families’ conversations, unread first, then newest first.'
      }
    >
      <Inbox userId={user?.id} />
    </AreaPage>
  );
}
