import { useParams } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { SessionRoomPage } from '@/features/session-room/components/session-room-page';
import { viewerOf } from '@/features/session-room/viewer';

export default function Screen() {
  const { sessionId = '' } = useParams();
  const viewer = viewerOf(useAuth().user);
  return (
    <AreaPage area="Child" title="My Session" description="Your video session with your coach.">
      {viewer ? (
        <SessionRoomPage
          sessionId={sessionId}
          viewer={viewer}
          backHref={paths.childDashboard}
          backLabel="My Dashboard"
        />
      ) : null}
    </AreaPage>
  );
}
