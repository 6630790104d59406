import { usePrefetchQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { NotFoundNotice } from '@/app/components/not-found-notice';
import { useStaffArea } from '@/app/components/staff-area';
import { Link } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { conversationQueryOptions } from '@/features/messages/api/get-conversation';
import { useConversationSummary } from '@/features/messages/api/get-conversations';
import { Conversation } from '@/features/messages/components/conversation';
import { isUuid } from '@/lib/ids';

const description = 'The family’s conversation with its coach.';

/** /admin/messages/:familyId: one family's conversation, for its coach (or an admin stepping in). */
export default function Screen() {
  const { familyId = '' } = useParams();
  const area = useStaffArea();
  // An id that is no uuid names no family: said at once, not asked of the database.
  if (!isUuid(familyId)) return <NoSuchConversation area={area} />;
  return <FamilyConversation familyId={familyId} area={area} />;
}

/** The not-found answer: no box to write in, as there is no one to write to. */
function NoSuchConversation({ area }: { area: 'Admin' | 'Coach' }) {
  return (
    <AreaPage area={area} title="Conversation" description={description}>
      <NotFoundNotice
        message={area === 'Admin' ? 'There is no such conversation.' : 'This family is not one you coach.'}
        backHref={paths.adminMessages}
        backLabel="All conversations"
      />
    </AreaPage>
  );
}

function FamilyConversation({ familyId, area }: { familyId: string; area: 'Admin' | 'Coach' }) {
  const { user } = useAuth();
  const summaryQuery = useConversationSummary(familyId);
  // The messages are read alongside the family's row, not after it.
  usePrefetchQuery(conversationQueryOptions(familyId));
  const summary = summaryQuery.data;
  if (!user) return null;
  // The family's row decides: none means no family the caller may write to.
  if (summaryQuery.isSuccess && summary === null) return <NoSuchConversation area={area} />;
  const parent = summary?.parentName ?? 'The parent';
  const title = summaryQuery.isPending
    ? 'Conversation'
    : summary?.childrenNames
      ? `${parent} (${summary.childrenNames})`
      : parent;
  return (
    <AreaPage area={area} title={title} description={description}>
      <p className="mb-4">
        <Link to={paths.adminMessages} className="font-semibold text-brand-800 underline">
          All conversations
        </Link>
      </p>
      {summaryQuery.isPending ? (
        <p className="text-ink-muted">Loading messages…</p>
      ) : (
        <Conversation
          familyId={familyId}
          viewer={summary?.isMine || area === 'Coach' ? 'coach' : 'admin'}
          viewerId={user.id}
          familyLabel={parent}
        />
      )}
    </AreaPage>
  );
}
