import { AreaPage } from '@/app/components/area-shell';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { AvailabilityScreen } from '@/features/availability/components/availability-screen';

export default function AvailabilityPage() {
  const { isAdmin, user } = useAuth();
  return (
    <AreaPage
      area={isAdmin ? 'Admin' : 'Coach'}
      title={isAdmin ? 'Availability' : 'My hours'}
      description={
        isAdmin
          ? 'Weekly hours and days off of each coach and team member, and the rules of each kind of meeting.'
          : 'The hours families can book you, in your own time zone, and your days off.'
      }
    >
      <AvailabilityScreen isAdmin={isAdmin} userId={user?.id ?? ''} />
    </AreaPage>
  );
}
