import { RequireAuth } from '@/app/components/require-auth';
import { AreaShell, type AreaSection } from '@/app/components/area-shell';
import { paths } from '@/config/paths';

const sections: AreaSection[] = [{ to: paths.childDashboard, label: 'My Dashboard' }];

/** /child: a child's own area. */
export default function ChildLayout() {
  return (
    <RequireAuth roles={['child']}>
      <AreaShell area="Child" sections={sections} />
    </RequireAuth>
  );
}
