import { useParams } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { useStaffArea } from '@/app/components/staff-area';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { SessionRoomPage } from '@/features/session-room/components/session-room-page';
import { viewerOf } from '@/features/session-room/viewer';
import { SessionRoomGate } from '@/features/sessions/components/session-room-gate';

/**
 * The admin layout admits admins and coaches; the gate admits only the session's coach and admins,
 * and the room's own channel is authorized by the database for the session's participants.
 */
export default function Screen() {
  const { sessionId = '' } = useParams();
  const viewer = viewerOf(useAuth().user);
  const area = useStaffArea();
  return (
    <AreaPage area={area} title="Session room" description="The video room of a coaching session.">
      <SessionRoomGate sessionId={sessionId}>
        {viewer ? (
          <SessionRoomPage
            sessionId={sessionId}
            viewer={viewer}
            backHref={paths.adminSessions}
            backLabel="Sessions"
          />
        ) : null}
      </SessionRoomGate>
    </AreaPage>
  );
}
