import { AreaPage } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { messages } from '@/content/messages';
import { Link, useLocation } from '@/lib/navigation';
import { signedInAreaOf, type SignedInArea } from '../routes.manifest';

/** Each signed-in area (the route manifest says which path is in which): its name and its home. */
const areas: Record<SignedInArea, { area: string; home: string; homeLabel: string }> = {
  admin: { area: 'Admin', home: paths.admin, homeLabel: 'Overview' },
  app: { area: 'Parent', home: paths.app, homeLabel: 'My Dashboard' },
  child: { area: 'Child', home: paths.childDashboard, homeLabel: 'My Dashboard' },
};

/** A path inside a signed-in area that names no screen: said so in the area's frame, with its home. */
export default function AreaNotFoundPage() {
  const { pathname } = useLocation();
  const { area, home, homeLabel } = areas[signedInAreaOf(pathname) ?? 'admin'];
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
