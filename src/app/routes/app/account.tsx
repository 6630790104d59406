import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return <AreaPage area="Parent" title="Account" description="Your details, your children and your data." />;
}
