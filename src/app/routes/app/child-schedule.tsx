import { lazy, Suspense } from 'react';
import { paths } from '@/config/paths';
import { useParams } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { useChildSchedule } from '@/features/parent-app/api/get-child-schedule';

// Loaded by this route (see dashboard.tsx).
const ScheduleScreen = lazy(() =>
  import('@/features/parent-app/components/schedule-screen').then((m) => ({ default: m.ScheduleScreen })),
);

const ChildReports = lazy(() =>
  import('@/features/progress-reports/components/child-reports').then((m) => ({ default: m.ChildReports })),
);

const ParentFamilyPlan = lazy(() =>
  import('@/features/family-plans/components/parent-plan').then((m) => ({ default: m.ParentFamilyPlan })),
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
      {child ? (
        <section aria-labelledby="child-family-plan" className="mt-8 grid gap-3">
          <h2 id="child-family-plan" className="font-display text-2xl font-extrabold text-ink">
            {child.firstName}'s family plan
          </h2>
          <Suspense fallback={<p role="status">Loading the family plan…</p>}>
            <ParentFamilyPlan childId={child.id} childName={child.firstName} />
          </Suspense>
        </section>
      ) : null}
      {child ? (
        <section aria-labelledby="child-reports" className="mt-8 grid gap-3">
          <h2 id="child-reports" className="font-display text-2xl font-extrabold text-ink">
            {child.firstName}'s progress reports
          </h2>
          <Suspense fallback={<p role="status">Loading the reports…</p>}>
            <ChildReports
              childId={child.id}
              childName={child.firstName}
              staff={false}
              reportHref={(id) => paths.appReport.href(id)}
            />
          </Suspense>
        </section>
      ) : null}
    </AreaPage>
  );
}
