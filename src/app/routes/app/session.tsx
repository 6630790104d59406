import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return <AreaPage area="Parent" title="Session" description="Your video session with your coach." />;
}
