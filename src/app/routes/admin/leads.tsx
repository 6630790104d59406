import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return (
    <AreaPage
      area="Admin"
      title="Leads"
      description="Every family that reached us, from first contact to enrolment."
    />
  );
}
