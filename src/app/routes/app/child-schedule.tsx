import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return (
    <AreaPage
      area="Parent"
      title="Child's schedule"
      description="Your child's sessions, past and upcoming."
    />
  );
}
