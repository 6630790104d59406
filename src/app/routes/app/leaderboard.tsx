import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return (
    <AreaPage
      area="Parent"
      title="Leaderboard"
      description="How the Ploom families are doing this week (first names only)."
    />
  );
}
