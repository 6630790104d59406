import { paths } from '@/config/paths';
import { ChildDashboard } from '@/features/child-app/components/child-dashboard';

/** /child/dashboard: the child's home; its heading greets the child by name (the dashboard's own). */
export default function Screen() {
  return <ChildDashboard sessionHref={paths.childSession.href} />;
}
