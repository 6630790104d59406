import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return <AreaPage area="Admin" title="Settings" description="Feature flags and the team's settings." />;
}
