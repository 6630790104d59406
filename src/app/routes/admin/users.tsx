import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return <AreaPage area="Admin" title="Users" description="Every account, its roles and its last sign-in." />;
}
