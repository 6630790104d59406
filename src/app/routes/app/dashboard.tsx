import { Navigate } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { useOnboarding } from '@/features/family/api/get-onboarding';
import { DashboardScreen } from '@/features/family/components/dashboard-screen';

/** /app: until the family's onboarding is done, it leads to /app/onboarding. */
export default function Screen() {
  const onboarding = useOnboarding();
  if (onboarding.data && !onboarding.data.done) return <Navigate to={paths.appOnboarding} replace />;
  return (
    <AreaPage
      area="Parent"
      title="My Dashboard"
      description="Your child's next session and this week's parent update."
    >
      {onboarding.isPending ? <p role="status">Loading...</p> : <DashboardScreen />}
    </AreaPage>
  );
}
