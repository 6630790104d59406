import { useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/app/components/require-auth';
import { AreaShell } from './area-shell';

const sections = [
  {
    to: paths.admin,
    label: 'Overview',
    about: 'Today at a glance: new leads, upcoming sessions, conversions.',
  },
  {
    to: paths.adminWaitlist,
    label: 'Leads',
    about: 'Waitlist and intro-call requests, with status and notes.',
  },
  { to: paths.adminSessions, label: 'Sessions', about: 'Coaching sessions and coach assignment.' },
  { to: paths.adminUsers, label: 'Users', about: 'Parents, children, coaches and admins, and their roles.' },
  { to: paths.adminAuditLogs, label: 'Audit logs', about: 'Who did what, and when.' },
  { to: paths.adminSettings, label: 'Settings', about: 'Feature flags, such as whether sign-up is open.' },
];

export default function AdminArea() {
  const { pathname } = useLocation();
  const current =
    sections.find((s) => s.to === pathname) ??
    (pathname.startsWith('/admin/session-room/')
      ? { label: 'Session room', about: 'The video room of a coaching session.' }
      : sections[0]);
  return (
    <RequireAuth roles={['admin', 'coach']}>
      <AreaShell area="Admin" title={current.label} sections={sections}>
        <p>{current.about}</p>
      </AreaShell>
    </RequireAuth>
  );
}
