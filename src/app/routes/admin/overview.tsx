import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return (
    <AreaPage
      area="Admin"
      title="Overview"
      description="Today at a glance: new leads, sessions, the beta counter and conversions."
    />
  );
}
