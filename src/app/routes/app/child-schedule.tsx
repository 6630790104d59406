import { useParams } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { ScheduleScreen } from '@/features/family/components/schedule-screen';

export default function Screen() {
  const { childId = '' } = useParams();
  return (
    <AreaPage
      area="Parent"
      title="Child's schedule"
      description="Your child's sessions, past and upcoming. Changes are possible up to 24 hours before a session."
    >
      <ScheduleScreen childId={childId} />
    </AreaPage>
  );
}
