import { Link, useParams } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useFamilySession } from '@/features/family/api/get-family-session';
import { SessionInfo } from '@/features/family/components/session-info';
import { SessionRoomPage } from '@/features/session-room/components/session-room-page';
import { viewerOf } from '@/features/session-room/viewer';

/** /app/session/:sessionId: the session's details and its room, only for the family of that session. */
export default function Screen() {
  const { sessionId = '' } = useParams();
  const viewer = viewerOf(useAuth().user);
  const session = useFamilySession(sessionId);
  return (
    <AreaPage area="Parent" title="Session" description="Your video session with your coach.">
      {session.isPending ? (
        <p role="status">Loading...</p>
      ) : !session.data ? (
        <p role="alert">
          This session is not one of your family&apos;s.{' '}
          <Link to={paths.app} className="font-semibold text-brand-800 underline">
            Back to My Dashboard
          </Link>
        </p>
      ) : (
        <div className="grid gap-6">
          <SessionInfo session={session.data} />
          {viewer && session.data.status === 'scheduled' ? (
            <SessionRoomPage
              sessionId={sessionId}
              viewer={viewer}
              backHref={paths.appChildSchedule.href(session.data.childId)}
              backLabel={`${session.data.childFirstName}'s schedule`}
            />
          ) : null}
        </div>
      )}
    </AreaPage>
  );
}
