import { AreaPage } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { messages } from '@/content/messages';
import { Link, useLocation } from '@/lib/navigation';

/** Each signed-in area by its path: its name and its home. */
const areas = [
  { prefix: paths.admin, area: 'Admin', home: paths.admin, homeLabel: 'Overview' },
  { prefix: paths.app, area: 'Parent', home: paths.app, homeLabel: 'My Dashboard' },
  { prefix: paths.child, area: 'Child', home: paths.childDashboard, homeLabel: 'My Dashboard' },
] as const;

/** A path inside a signed-in area that names no screen: said so in the area's frame, with its home. */
export default function AreaNotFoundPage() {
  const { pathname } = useLocation();
  const { area, home, homeLabel } =
    areas.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`)) ?? areas[0];
  return (
    <AreaPage area={area} title={messages.notFound} description="There is no screen at this address.">
      <Link
        to={home}
        className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
      >
        Go to {homeLabel}
      </Link>
    </AreaPage>
  );
}
