import { useMemo, type ReactNode } from 'react';
import { useSession } from '../api/get-session';
import { formatDateTime, viewerTimeZone } from '../lib/time';

/**
 * The session room's guard: only the session's coach and admins get in (row level security hides
 * other sessions, so a session the caller may not read is "not yours"). What it admits to (the video
 * room) comes as its children.
 */
export function SessionRoomGate({ sessionId, children }: { sessionId: string; children?: ReactNode }) {
  const session = useSession(sessionId);
  const timeZone = useMemo(() => viewerTimeZone(), []);
  if (session.isPending) return <p className="text-ink-muted">Opening the session room…</p>;
  if (session.isError) {
    return (
      <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-800">
        The session could not be loaded. Please reload the page.
      </p>
    );
  }
  if (!session.data) {
    return (
      <div className="rounded-3xl border border-brand-100 bg-white p-8 text-center">
        <h2 className="font-display text-xl font-extrabold text-ink">This session room isn't yours</h2>
        <p className="mt-2 text-ink-muted">Only the session's coach and the Ploom team can open it.</p>
      </div>
    );
  }
  const s = session.data;
  return (
    <div className="rounded-3xl border border-brand-100 bg-white p-4 sm:p-8">
      <h2 className="font-display text-xl font-extrabold text-ink">
        {s.child?.firstName ?? 'Session'} with {s.coach?.name ?? 'no coach yet'}
      </h2>
      <p className="mt-1 text-ink">{formatDateTime(new Date(s.startsAt), timeZone)}</p>
      {children ? (
        <div className="mt-4 sm:mt-6">{children}</div>
      ) : (
        <p className="mt-4 text-ink-muted">The video room opens here at the time of the session.</p>
      )}
    </div>
  );
}
