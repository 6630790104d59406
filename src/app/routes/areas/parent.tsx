import { useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/app/components/require-auth';
import { AreaShell } from './area-shell';

const sections = [
  {
    to: paths.app,
    label: 'My Dashboard',
    about: "Your child's upcoming sessions and this week's parent update.",
  },
  {
    to: paths.appOnboarding,
    label: 'Getting started',
    about: 'Tell us about your child so we can match the right coach.',
  },
  {
    to: paths.appPloomPoints,
    label: 'Ploom Points',
    about: 'Points your child earns for practising at home.',
  },
  {
    to: paths.appLeaderboard,
    label: 'Leaderboard',
    about: 'How the Ploom families are doing this week (first names only).',
  },
  { to: paths.appAccount, label: 'Account', about: 'Your details and password.' },
  {
    to: paths.appBilling,
    label: 'Billing',
    about: 'Your plan. Monthly plans can be cancelled or paused at any time.',
  },
];

export default function ParentArea() {
  const { pathname } = useLocation();
  const current =
    sections.find((s) => s.to === pathname) ??
    (pathname.startsWith('/app/session/')
      ? { label: 'Session', about: 'Your video session with your coach.' }
      : pathname.startsWith('/app/child-schedule/')
        ? { label: "Child's schedule", about: "Your child's sessions, past and upcoming." }
        : sections[0]);
  return (
    <RequireAuth roles={['parent']}>
      <AreaShell area="Parent" title={current.label} sections={sections}>
        <p>{current.about}</p>
      </AreaShell>
    </RequireAuth>
  );
}
