import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return <AreaPage area="Admin" title="Audit logs" description="Who did what, and when." />;
}
