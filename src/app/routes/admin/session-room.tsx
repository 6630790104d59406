import { useParams } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { SessionRoomGate } from '@/features/sessions/components/session-room-gate';

/** The admin layout admits admins and coaches; the gate admits only the session's coach and admins. */
export default function Screen() {
  const { sessionId = '' } = useParams();
  return (
    <AreaPage area="Admin" title="Session room" description="The video room of a coaching session.">
      <SessionRoomGate sessionId={sessionId} />
    </AreaPage>
  );
}
