import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';

// Loaded by this route (see dashboard.tsx).
const ScheduleScreen = lazy(() =>
  import('@/features/parent-app/components/schedule-screen').then((m) => ({ default: m.ScheduleScreen })),
);

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
