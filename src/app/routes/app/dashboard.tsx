import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return (
    <AreaPage
      area="Parent"
      title="My Dashboard"
      description="Your child's next session and this week's parent update."
    />
  );
}
