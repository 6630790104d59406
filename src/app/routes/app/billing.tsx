import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return (
    <AreaPage
      area="Parent"
      title="Billing"
      description="Your plan. Monthly plans can be cancelled or paused at any time."
    />
  );
}
