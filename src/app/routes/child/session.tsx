import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return <AreaPage area="Child" title="My Session" description="Your video session with your coach." />;
}
