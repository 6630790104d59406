import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { useChildSchedule } from '@/features/parent-app/api/get-child-schedule';

// Loaded by this route (see dashboard.tsx).
const ScheduleScreen = lazy(() =>
  import('@/features/parent-app/components/schedule-screen').then((m) => ({ default: m.ScheduleScreen })),
);

export default function Screen() {
  const { childId = '' } = useParams();
  // The same query the screen reads: the heading names the child once it is known.
  const child = useChildSchedule(childId).data?.child;
  return (
    <AreaPage
      area="Parent"
      title={child ? `${child.firstName}'s schedule` : "Child's schedule"}
      description="Your child's sessions, past and upcoming. Changes are possible up to 24 hours before a session."
    >
      <ScheduleScreen childId={childId} />
    </AreaPage>
  );
}
