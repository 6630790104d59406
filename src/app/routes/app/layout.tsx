import { RequireAuth } from '@/app/components/require-auth';
import { layouts } from '@/app/routes.manifest.areas';
import { AreaShell, type AreaSection } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ParentUnread } from '@/features/messages/components/nav-unread';

/** /app: the parent's area. */
export default function ParentLayout() {
  return (
    <RequireAuth roles={layouts.app.roles}>
      <ParentShell />
    </RequireAuth>
  );
}

function ParentShell() {
  const { user } = useAuth();
  const sections: AreaSection[] = [
    { to: paths.app, label: 'My Dashboard', end: true },
    { to: paths.appOnboarding, label: 'Children & times' },
    {
      to: paths.appMessages,
      label: 'Messages',
      badge: user ? <ParentUnread familyId={user.id} /> : null,
    },
    { to: paths.appPloomPoints, label: 'Ploom Points' },
    { to: paths.appLeaderboard, label: 'Leaderboard' },
    { to: paths.appAccount, label: 'Account' },
    { to: paths.appBilling, label: 'Billing' },
  ];
  return <AreaShell area="Parent" sections={sections} />;
}
