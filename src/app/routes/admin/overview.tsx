import { AreaPage } from '@/app/components/area-shell';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { OverviewFigures } from '@/features/leads/components/overview-figures';

export default function Screen() {
  const { isAdmin } = useAuth();
  return (
    <AreaPage
      area="Admin"
      title="Overview"
      description="Today at a glance: new leads, sessions, the beta counter and conversions."
    >
      <OverviewFigures isAdmin={isAdmin} />
    </AreaPage>
  );
}
