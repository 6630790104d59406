import { AreaPage } from '@/app/components/area-shell';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { FamiliesList } from '@/features/families/components/families-list';
import { FamiliesWaiting } from '@/features/families/components/families-waiting';

/** A coach's own families; every family with its coaches for an admin (RLS and the view decide). */
export default function Screen() {
  const { isAdmin } = useAuth();
  return (
    <AreaPage
      area={isAdmin ? 'Admin' : 'Coach'}
      title="Families"
      description={
        isAdmin
          ? 'Every family with its children, their focus areas and coaches.'
          : 'The families you coach: parents, children and what you are working on.'
      }
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        {isAdmin ? <FamiliesWaiting /> : null}
        <FamiliesList isAdmin={isAdmin} />
      </div>
    </AreaPage>
  );
}
