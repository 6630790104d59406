import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return (
    <AreaPage
      area="Parent"
      title="Getting started"
      description="Tell us about your child so we can match the right coach."
    />
  );
}
