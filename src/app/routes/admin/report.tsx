import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return (
    <AreaPage
      area="Admin"
      title="Landing report"
      description="Visitors and conversions per landing variant and campaign."
    />
  );
}
