import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return (
    <AreaPage area="Admin" title="Sessions" description="Coaching sessions by week, coach and family." />
  );
}
