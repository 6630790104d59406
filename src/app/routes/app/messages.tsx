import { AreaPage } from '@/app/components/area-shell';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useReplyPromise } from '@/features/messages/api/get-reply-promise';
import { Conversation } from '@/features/messages/components/conversation';

/** /app/messages: the family's one conversation with its coach. */
export default function Screen() {
  const { user } = useAuth();
  const promise = useReplyPromise();
  if (!user) return null;
  return (
    <AreaPage
      area="Parent"
      title="Messages"
      description="Write to your coach between sessions: questions, how the week went, what you tried at home."
    >
      {promise.data ? (
        <p className="mb-4 font-semibold text-brand-800" data-testid="reply-promise">
          Your coach usually replies within {promise.data} {promise.data === 1 ? 'hour' : 'hours'}.
        </p>
      ) : null}
      <Conversation familyId={user.id} viewer="parent" viewerId={user.id} familyLabel="You" />
    </AreaPage>
  );
}
