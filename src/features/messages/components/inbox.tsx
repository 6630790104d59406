import { Link } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { useState } from 'react';
import { CONVERSATIONS_PAGE, useConversations } from '../api/get-conversations';
import { useFollowStaffMessages } from '../hooks/use-follow-staff-messages';
import { UnreadBadge } from './unread-badge';

const count = new Intl.NumberFormat();
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The staff inbox: the family conversations the person may read, unread first, then newest first
 * (the database orders them), 50 at a time, live while open (the person's own staff channel).
 */
export function Inbox({ userId }: { userId: string | undefined }) {
  const [limit, setLimit] = useState(CONVERSATIONS_PAGE);
  const conversations = useConversations(limit);
  useFollowStaffMessages(userId);
  if (conversations.isPending) return <p className="text-ink-muted">Loading conversations…</p>;
  if (conversations.isError)
    return <p role="alert">The conversations could not be loaded. Please reload the page.</p>;
  const { conversations: rows, total } = conversations.data;
  if (rows.length === 0) return <p className="text-ink-muted">No families yet.</p>;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-2" aria-label="Conversations">
        {rows.map((c) => (
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
      <p className="text-sm text-ink-muted" aria-live="polite">
        Showing {count.format(rows.length)} of {count.format(total)} conversations
      </p>
      {rows.length < total ? (
        <button
          type="button"
          className="self-start rounded-full border border-brand-200 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
          disabled={conversations.isFetching}
          onClick={() => setLimit((n) => n + CONVERSATIONS_PAGE)}
        >
          {conversations.isFetching ? 'Loading…' : 'Show more conversations'}
        </button>
      ) : null}
    </div>
  );
}
