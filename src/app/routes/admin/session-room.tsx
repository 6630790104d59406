import { AreaPage } from '@/app/components/area-shell';

export default function Screen() {
  return <AreaPage area="Admin" title="Session room" description="The video room of a coaching session." />;
}
