import { AreaPage } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { SessionsScreen } from '@/features/sessions/components/sessions-screen';

/** Admins book for every coach; a coach sees and manages their own sessions (RLS decides which). */
export default function Screen() {
  const { isAdmin } = useAuth();
  return (
    <AreaPage
      area={isAdmin ? 'Admin' : 'Coach'}
      title="Sessions"
      description="Coaching sessions by week, coach and family."
    >
      <SessionsScreen canBook={isAdmin} showCoachFilter={isAdmin} roomHref={paths.adminSessionRoom.href} />
    </AreaPage>
  );
}
