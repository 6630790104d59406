import { RequireAuth } from '@/app/components/require-auth';
import { layouts } from '@/app/routes.manifest.areas';
import { AreaShell, type AreaSection } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { GateFrame } from '@/features/mfa/components/gate-frame';
import { StaffUnread } from '@/features/messages/components/nav-unread';
import { TwoFactorGate } from '@/features/mfa/components/two-factor-gate';

const everyone: AreaSection[] = [
  { to: paths.admin, label: 'Overview', end: true },
  { to: paths.adminWaitlist, label: 'Leads' },
  { to: paths.adminSessions, label: 'Sessions' },
  { to: paths.adminFamilies, label: 'Families' },
  { to: paths.adminMessages, label: 'Messages', badge: <StaffUnreadBadge /> },
];
const adminsOnly: AreaSection[] = [
  { to: paths.adminReport, label: 'Landing report' },
  { to: paths.adminUsers, label: 'Users' },
  { to: paths.adminAuditLogs, label: 'Audit logs' },
  { to: paths.adminSettings, label: 'Settings' },
];
/** Last for everyone: the staff member's own account (two-factor sign-in). */
const own: AreaSection[] = [{ to: paths.adminAccount, label: 'Account' }];

/** The nav's unread count of the signed-in staff member (their own channel keeps it live). */
function StaffUnreadBadge() {
  const { user } = useAuth();
  return <StaffUnread userId={user?.id} />;
}

/** /admin: admins and coaches; a coach sees only the sections a coach may use. */
export default function AdminLayout() {
  return (
    <RequireAuth roles={layouts.admin.roles}>
      <AdminShell />
    </RequireAuth>
  );
}

function AdminShell() {
  const { isAdmin, session, signOut } = useAuth();
  // Two-factor sign-in first (when the staff member has an app, or the setting requires one).
  return (
    <TwoFactorGate
      accessToken={session?.access_token}
      frame={(content) => <GateFrame onSignOut={() => void signOut()}>{content}</GateFrame>}
    >
      <AreaShell
        area={isAdmin ? 'Admin' : 'Coach'}
        sections={
          isAdmin
            ? [...everyone, { to: paths.adminAvailability, label: 'Availability' }, ...adminsOnly, ...own]
            : [...everyone, { to: paths.adminAvailability, label: 'My hours' }, ...own]
        }
      />
    </TwoFactorGate>
  );
}
