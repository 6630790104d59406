import { useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/app/components/require-auth';
import { AreaShell } from './area-shell';

const sections = [{ to: paths.childDashboard, label: 'My Dashboard' }];

export default function ChildArea() {
  const { pathname } = useLocation();
  const inSession = pathname.startsWith('/child/session/');
  return (
    <RequireAuth roles={['child']}>
      <AreaShell area="Child" title={inSession ? 'My Session' : 'My Dashboard'} sections={sections}>
        <p>
          {inSession
            ? 'Your video session with your coach.'
            : 'Your next session, your Ploom Points and your at-home tools.'}
        </p>
      </AreaShell>
    </RequireAuth>
  );
}
