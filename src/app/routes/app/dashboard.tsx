import { lazy, Suspense } from 'react';
import { AreaPage } from '@/app/components/area-shell';
import { paths } from '@/config/paths';

// Loaded by this route, not preloaded with it: the family code's chunks stay out of the entry's
// preload lists (the landing pages' first-load JavaScript).
const DashboardGate = lazy(() =>
  import('@/features/parent-app/components/dashboard-gate').then((m) => ({ default: m.DashboardGate })),
);
const ChildProgress = lazy(() =>
  import('@/features/progress/components/child-progress').then((m) => ({ default: m.ChildProgress })),
);

/** /app: until the family's onboarding is done, it leads to /app/onboarding. */
export default function Screen() {
  return (
    <AreaPage
      area="Parent"
      title="My Dashboard"
      description="Your child's next session and this week's parent update."
    >
      <DashboardGate
        renderChildProgress={(child, now) => (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <ChildProgress
              childId={child.id}
              childName={child.firstName}
              checkInHref={paths.appCheckIn.href(child.id)}
              now={now}
            />
          </Suspense>
        )}
      />
    </AreaPage>
  );
}
