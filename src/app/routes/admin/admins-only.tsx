import { RequireAuth } from '@/app/components/require-auth';
import { layouts } from '@/app/routes.manifest.areas';

/** The admin screens a coach may not open (users, audit logs, settings, the landing report). */
export default function AdminsOnly() {
  return <RequireAuth roles={layouts.adminsOnly.roles} inFrame />;
}
