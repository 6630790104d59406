import { AreaPage } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { ChildDashboard } from '@/features/child-area/components/child-dashboard';

export default function Screen() {
  return (
    <AreaPage
      area="Child"
      title="My Dashboard"
      description="Your next session, your Ploom Points and your at-home tools."
    >
      <ChildDashboard sessionHref={paths.childSession.href} />
    </AreaPage>
  );
}
