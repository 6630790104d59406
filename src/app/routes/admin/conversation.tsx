import { useParams } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { useStaffArea } from '@/app/components/staff-area';
import { Link } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useConversationSummary } from '@/features/messages/api/get-conversations';
import { Conversation } from '@/features/messages/components/conversation';

/** /admin/messages/:familyId: one family's conversation, for its coach (or an admin stepping in). */
export default function Screen() {
  const { familyId = '' } = useParams();
  const area = useStaffArea();
  const { user } = useAuth();
  const summaryQuery = useConversationSummary(familyId);
  const summary = summaryQuery.data;
  const parent = summary?.parentName ?? 'The parent';
  const title = summaryQuery.isPending
    ? 'Conversation'
    : summary?.childrenNames
      ? `${parent} (${summary.childrenNames})`
      : parent;
  if (!user) return null;
  return (
    <AreaPage area={area} title={title} description="The family’s conversation with its coach.">
      <p className="mb-4">
        <Link to={paths.adminMessages} className="font-semibold text-brand-800 underline">
          All conversations
        </Link>
      </p>
      <Conversation
        familyId={familyId}
        viewer={summary?.isMine || area === 'Coach' ? 'coach' : 'admin'}
        viewerId={user.id}
        familyLabel={parent}
      />
    </AreaPage>
  );
}
