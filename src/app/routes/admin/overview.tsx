import { AreaPage } from '@/app/components/area-shell';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { OverviewFigures } from '@/features/pipeline/components/overview-figures';

export default function Screen() {
  const { isAdmin } = useAuth();
  return (
    <AreaPage
      area={isAdmin ? 'Admin' : 'Coach'}
      title="Overview"
      description={
        isAdmin
          ? 'Today at a glance: new leads, leads waiting for a reply, sessions, the beta counter and conversions.'
          : 'Today at a glance: the leads assigned to you, those waiting for your reply, and your sessions.'
      }
    >
      <OverviewFigures isAdmin={isAdmin} />
    </AreaPage>
  );
}
