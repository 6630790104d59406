import type { ReactNode } from 'react';
import { Link } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { useFamilySession } from '../api/get-family-session';
import type { FamilySession } from '../api/get-family-session';
import { SessionInfo } from './session-info';

/**
 * A session's page for its family: the details, then the room (given by the app layer) while the
 * session is scheduled. Anyone else gets a refusal and no room.
 */
export function SessionScreen({
  sessionId,
  room,
}: {
  sessionId: string;
  room: (session: FamilySession) => ReactNode;
}) {
  const session = useFamilySession(sessionId);
  if (session.isPending) return <p role="status">Loading...</p>;
  if (!session.data) {
    return (
      <p role="alert">
        This session is not one of your family&apos;s.{' '}
        <Link to={paths.app} className="font-semibold text-brand-800 underline">
          Back to My Dashboard
        </Link>
      </p>
    );
  }
  return (
    <div className="grid gap-6">
      {/* The room first: Join is on the first screen, the details (what to prepare) below it. */}
      {session.data.status === 'scheduled' ? room(session.data) : null}
      <SessionInfo session={session.data} />
    </div>
  );
}
