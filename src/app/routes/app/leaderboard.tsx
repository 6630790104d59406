import { AreaPage } from '@/app/components/area-shell';
import { useFamilyPoints } from '@/features/points/api/get-family-points';
import { useLeaderboard } from '@/features/points/api/leaderboard';
import { LeaderboardOptIn } from '@/features/points/components/leaderboard-opt-in';
import { LeaderboardTable } from '@/features/points/components/leaderboard-table';

export default function Screen() {
  const family = useFamilyPoints();
  const board = useLeaderboard();
  const enrolled = family.data?.some((child) => child.enrolled) ?? false;
  return (
    <AreaPage
      area="Parent"
      title="Leaderboard"
      description="How the Ploom families are doing (first names only)."
    >
      {family.isPending || board.isPending ? <p role="status">Loading the leaderboard…</p> : null}
      {family.isError || board.isError ? (
        <p role="alert">We could not load the leaderboard. Please reload the page.</p>
      ) : null}
      {family.data && board.data ? (
        <div className="flex flex-col gap-6">
          {!enrolled ? (
            <p>The leaderboard opens once your child is matched with a coach.</p>
          ) : board.data.length ? (
            <LeaderboardTable rows={board.data} />
          ) : (
            <p>No one is on the leaderboard yet.</p>
          )}
          {family.data.length ? <LeaderboardOptIn children={family.data} /> : null}
        </div>
      ) : null}
    </AreaPage>
  );
}
