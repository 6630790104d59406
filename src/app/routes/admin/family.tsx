import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { NotFoundNotice } from '@/app/components/not-found-notice';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useFamily } from '@/features/families/api/get-family';
import { FamilyDetails } from '@/features/families/components/family-details';
import { isUuid } from '@/lib/ids';

const CoachChildProgress = lazy(() =>
  import('@/features/progress/components/coach-child-progress').then((m) => ({
    default: m.CoachChildProgress,
  })),
);

const ChildReports = lazy(() =>
  import('@/features/progress-reports/components/child-reports').then((m) => ({ default: m.ChildReports })),
);

const WeeklyUpdateForm = lazy(() =>
  import('@/features/progress-reports/components/weekly-update-form').then((m) => ({
    default: m.WeeklyUpdateForm,
  })),
);

const FamilyPlanEditor = lazy(() =>
  import('@/features/family-plans/components/plan-editor').then((m) => ({ default: m.FamilyPlanEditor })),
);

const description =
  'The children, their coaches and sessions, consents, plan and payments, check-ins and practice.';

/** /admin/families/:familyId: one family (the parent's id), as an admin or the family's coach sees it. */
export default function Screen() {
  const { familyId = '' } = useParams();
  const { isAdmin } = useAuth();
  const area = isAdmin ? 'Admin' : 'Coach';
  // An id that is no uuid names no family: said at once, not asked of the database (which would
  // answer with an error, and the screen with "could not be loaded").
  if (!isUuid(familyId)) {
    return (
      <AreaPage area={area} title="Family" description={description}>
        <NotFoundNotice
          message="There is no such family."
          backHref={paths.adminFamilies}
          backLabel="← All families"
        />
      </AreaPage>
    );
  }
  return <Family familyId={familyId} isAdmin={isAdmin} area={area} />;
}

function Family({ familyId, isAdmin, area }: { familyId: string; isAdmin: boolean; area: string }) {
  const family = useFamily(familyId);
  const parent = family.data ? (family.data.parentFirstName ?? 'A parent') : null;
  return (
    <AreaPage area={area} title={parent ? `${parent}'s family` : 'Family'} description={description}>
      <FamilyDetails
        parentId={familyId}
        isAdmin={isAdmin}
        backHref={paths.adminFamilies}
        renderChildProgress={(child) => (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <div className="grid gap-6">
              {child.coachId ? (
                <WeeklyUpdateForm childId={child.id} childName={child.firstName} coachId={child.coachId} />
              ) : null}
              {child.coachId ? (
                <section aria-labelledby={`family-plan-${child.id}`} className="grid gap-2">
                  <h3 id={`family-plan-${child.id}`} className="font-display text-lg font-bold text-ink">
                    {child.firstName}'s family plan
                  </h3>
                  <FamilyPlanEditor childId={child.id} childName={child.firstName} />
                </section>
              ) : null}
              <section aria-labelledby={`reports-${child.id}`} className="grid gap-2">
                <h3 id={`reports-${child.id}`} className="font-display text-lg font-bold text-ink">
                  {child.firstName}'s progress reports
                </h3>
                <ChildReports
                  childId={child.id}
                  childName={child.firstName}
                  staff
                  reportHref={(id) => paths.adminProgressReport.href(id)}
                />
              </section>
              <CoachChildProgress childId={child.id} childName={child.firstName} headingLevel={3} />
            </div>
          </Suspense>
        )}
      />
    </AreaPage>
  );
}
