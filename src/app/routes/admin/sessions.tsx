import { lazy, Suspense } from 'react';
import { AreaPage } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { SessionsScreen } from '@/features/sessions/components/sessions-screen';

const CoachChildProgress = lazy(() =>
  import('@/features/progress/components/coach-child-progress').then((m) => ({
    default: m.CoachChildProgress,
  })),
);

/** Admins book for every coach; a coach sees and manages their own sessions (RLS decides which). */
export default function Screen() {
  const { isAdmin } = useAuth();
  return (
    <AreaPage
      area={isAdmin ? 'Admin' : 'Coach'}
      title="Sessions"
      description="Coaching sessions by week, coach and family."
    >
      <SessionsScreen
        canBook={isAdmin}
        showCoachFilter={isAdmin}
        roomHref={paths.adminSessionRoom.href}
        // Beside the session's details: the child's practice goals and the days the family ticked.
        renderPractice={({ sessionId, childId, childName }) => (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <CoachChildProgress childId={childId} childName={childName} sessionId={sessionId} practiceOnly />
          </Suspense>
        )}
      />
    </AreaPage>
  );
}
