import { RequireAuth } from '@/app/components/require-auth';
import { AreaShell, type AreaSection } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';

const everyone: AreaSection[] = [
  { to: paths.admin, label: 'Overview', end: true },
  { to: paths.adminWaitlist, label: 'Leads' },
  { to: paths.adminSessions, label: 'Sessions' },
  { to: paths.adminFamilies, label: 'Families' },
];
const adminsOnly: AreaSection[] = [
  { to: paths.adminReport, label: 'Landing report' },
  { to: paths.adminUsers, label: 'Users' },
  { to: paths.adminAuditLogs, label: 'Audit logs' },
  { to: paths.adminSettings, label: 'Settings' },
];

/** /admin: admins and coaches; a coach sees only the sections a coach may use. */
export default function AdminLayout() {
  return (
    <RequireAuth roles={['admin', 'coach']}>
      <AdminShell />
    </RequireAuth>
  );
}

function AdminShell() {
  const { isAdmin } = useAuth();
  return <AreaShell area="Admin" sections={isAdmin ? [...everyone, ...adminsOnly] : everyone} />;
}
