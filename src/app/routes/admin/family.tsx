import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useFamily } from '@/features/families/api/get-family';
import { FamilyDetails } from '@/features/families/components/family-details';

const CoachChildProgress = lazy(() =>
  import('@/features/progress/components/coach-child-progress').then((m) => ({
    default: m.CoachChildProgress,
  })),
);

/** /admin/families/:familyId: one family (the parent's id), as an admin or the family's coach sees it. */
export default function Screen() {
  const { familyId = '' } = useParams();
  const { isAdmin } = useAuth();
  const family = useFamily(familyId);
  const parent = family.data ? (family.data.parentFirstName ?? 'A parent') : null;
  return (
    <AreaPage
      area={isAdmin ? 'Admin' : 'Coach'}
      title={parent ? `${parent}'s family` : 'Family'}
      description="The children, their coaches and sessions, consents, plan and payments, check-ins and practice."
    >
      <FamilyDetails
        parentId={familyId}
        isAdmin={isAdmin}
        backHref={paths.adminFamilies}
        renderChildProgress={(child) => (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <CoachChildProgress childId={child.id} childName={child.firstName} headingLevel={3} />
          </Suspense>
        )}
      />
    </AreaPage>
  );
}
