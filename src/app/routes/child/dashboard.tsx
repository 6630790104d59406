import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return (
    <AreaPage
      area="Child"
      title="My Dashboard"
      description="Your next session, your Ploom Points and your at-home tools."
    />
  );
}
