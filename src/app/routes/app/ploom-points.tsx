import { AreaPage } from '@/app/components/area-shell';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useFamilyPoints } from '@/features/points/api/get-family-points';
import { ChildPointsCard } from '@/features/points/components/child-points-card';

export default function Screen() {
  const { user } = useAuth();
  const family = useFamilyPoints();
  return (
    <AreaPage
      area="Parent"
      title="Ploom Points"
      description="Points your child earns for sessions and practice at home."
    >
      {family.isPending ? <p role="status">Loading points…</p> : null}
      {family.isError ? <p role="alert">We could not load the points. Please reload the page.</p> : null}
      {family.data && user ? (
        family.data.length ? (
          <div className="flex flex-col gap-6">
            {family.data.map((child) => (
              <ChildPointsCard key={child.id} child={child} parentId={user.id} />
            ))}
          </div>
        ) : (
          <p>Add your child first: points start with their first session.</p>
        )
      ) : null}
    </AreaPage>
  );
}
