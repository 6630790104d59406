import { RequireAuth } from '@/app/components/require-auth';

/** The admin screens a coach may not open (users, audit logs, settings, the landing report). */
export default function AdminsOnly() {
  return <RequireAuth roles={['admin']} inFrame />;
}
