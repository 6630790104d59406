import { paths } from '@/config/paths';
import { ChildDashboard } from '@/features/child-app/components/child-dashboard';
import { useFirstReadsWaiting } from '@/lib/first-screen';

/** /child/dashboard: the child's home; its heading greets the child by name (the dashboard's own). */
export default function Screen() {
  // Its greeting comes with its data; the hook tells when that is drawn (decision 215).
  useFirstReadsWaiting();
  return <ChildDashboard sessionHref={paths.childSession.href} />;
}
