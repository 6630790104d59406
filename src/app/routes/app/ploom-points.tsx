import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return (
    <AreaPage
      area="Parent"
      title="Ploom Points"
      description="Points your child earns for sessions and practice at home."
    />
  );
}
