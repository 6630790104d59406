import { Navigate } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { useOnboarding } from '../api/get-onboarding';
import { DashboardScreen, type DashboardSlots } from './dashboard-screen';

/** The dashboard once onboarding is done; until then it leads to /app/onboarding. */
export function DashboardGate(slots: DashboardSlots) {
  const onboarding = useOnboarding();
  if (onboarding.isPending) return <p role="status">Loading...</p>;
  if (onboarding.data && !onboarding.data.done) return <Navigate to={paths.appOnboarding} replace />;
  return <DashboardScreen {...slots} />;
}
