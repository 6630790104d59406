import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { SessionRoomPage } from '@/features/session-room/components/session-room-page';
import { viewerOf } from '@/features/session-room/viewer';

// Loaded by this route (see dashboard.tsx).
const SessionScreen = lazy(() =>
  import('@/features/parent-app/components/session-screen').then((m) => ({ default: m.SessionScreen })),
);

/** /app/session/:sessionId: the session's details and its room, only for the family of that session. */
export default function Screen() {
  const { sessionId = '' } = useParams();
  const viewer = viewerOf(useAuth().user);
  return (
    <AreaPage area="Parent" title="Session" description="Your video session with your coach.">
      <SessionScreen
        sessionId={sessionId}
        room={(session) =>
          viewer ? (
            <SessionRoomPage
              sessionId={sessionId}
              viewer={viewer}
              backHref={paths.appChildSchedule.href(session.childId)}
              backLabel={`${session.childFirstName}'s schedule`}
            />
          ) : null
        }
      />
    </AreaPage>
  );
}
