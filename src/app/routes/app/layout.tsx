import { RequireAuth } from '@/app/components/require-auth';
import { layouts } from '@/app/routes.manifest.areas';
import { AreaShell, type AreaSection } from '@/app/components/area-shell';
import { paths } from '@/config/paths';

const sections: AreaSection[] = [
  { to: paths.app, label: 'My Dashboard', end: true },
  { to: paths.appOnboarding, label: 'Children & times' },
  { to: paths.appPloomPoints, label: 'Ploom Points' },
  { to: paths.appLeaderboard, label: 'Leaderboard' },
  { to: paths.appAccount, label: 'Account' },
  { to: paths.appBilling, label: 'Billing' },
];

/** /app: the parent's area. */
export default function ParentLayout() {
  return (
    <RequireAuth roles={layouts.app.roles}>
      <AreaShell area="Parent" sections={sections} />
    </RequireAuth>
  );
}
