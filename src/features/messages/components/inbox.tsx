import { Link } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { useConversations } from '../api/get-conversations';
import { useFollowConversations } from '../hooks/use-follow-conversations';
import { UnreadBadge } from './unread-badge';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The staff inbox: every family conversation the person may read, unread first, then newest
 * first (the database orders them), live while open.
 */
export function Inbox() {
  const conversations = useConversations();
  useFollowConversations(
    (conversations.data ?? []).filter((c) => c.messageCount > 0 || c.isMine).map((c) => c.familyId),
  );
  if (conversations.isPending) return <p className="text-ink-muted">Loading conversations…</p>;
  if (conversations.isError)
    return <p role="alert">The conversations could not be loaded. Please reload the page.</p>;
  if (conversations.data.length === 0) return <p className="text-ink-muted">No families yet.</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label="Conversations">
      {conversations.data.map((c) => (
        <li key={c.familyId}>
          <Link
            to={paths.adminConversation.href(c.familyId)}
            className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-brand-100 bg-white px-4 py-3 hover:bg-brand-50"
          >
            <span>
              <span className="font-semibold text-ink">
                {c.parentName ?? 'A parent'}
                {c.childrenNames ? ` (${c.childrenNames})` : ''}
              </span>
              <UnreadBadge count={c.unread} />
              {!c.isMine && c.coachNames ? (
                <span className="block text-sm text-ink-muted">Coach: {c.coachNames}</span>
              ) : null}
            </span>
            <span className="text-sm text-ink-muted">
              {c.lastMessageAt ? (
                <time dateTime={c.lastMessageAt}>{timeFormat.format(new Date(c.lastMessageAt))}</time>
              ) : (
                'No messages yet'
              )}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
