import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Navigate, useLocation } from '@/lib/navigation';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { homePathForRole, type AppRole } from '@/features/auth/lib/roles';
import { LoadingScreen } from '../loading-screen';

export interface RequireAuthProps {
  /** Roles allowed in; any signed-in user when omitted. */
  roles?: readonly AppRole[];
  /** The protected content; the child routes (<Outlet />) when omitted. */
  children?: ReactNode;
  /** Inside an area's frame (which has the page's <main>): the refusal is that frame's content. */
  inFrame?: boolean;
}

/**
 * Route guard: waits for the session and role checks, sends signed-out visitors to /login
 * (remembering where they were going) and shows a friendly page to a role that may not enter.
 * A convenience only: the database's row level security is what protects the data.
 */
export function RequireAuth({ roles, children, inFrame = false }: RequireAuthProps) {
  const { user, role, loading, roleLoading } = useAuth();
  const location = useLocation();

  if (loading || (user && roleLoading)) return <LoadingScreen />;
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login} replace state={{ from }} />;
  }
  if (roles && (!role || !roles.includes(role)))
    return <NotAllowed home={homePathForRole(role)} inFrame={inFrame} />;
  return <>{children ?? <Outlet />}</>;
}

function NotAllowed({ home, inFrame }: { home: string; inFrame: boolean }) {
  const Frame = inFrame ? 'div' : 'main';
  return (
    <Frame
      id={inFrame ? undefined : 'main'}
      className={
        inFrame
          ? 'flex justify-center py-8'
          : 'flex min-h-screen items-center justify-center bg-cream px-4 py-16'
      }
    >
      <div className="w-full max-w-md rounded-3xl border border-brand-100 bg-white p-8 text-center shadow-sm">
        <ShieldAlert className="mx-auto h-12 w-12 text-brand-700" aria-hidden="true" />
        <h1 className="mt-4 font-display text-2xl font-extrabold text-ink">
          This area isn't for your account
        </h1>
        <p className="mt-2 text-ink-muted">
          You're signed in, but this page belongs to a different kind of account. Your own area has everything
          you need.
        </p>
        <ButtonLink to={home} size="lg" fullWidth className="mt-6">
          Go to My Area
        </ButtonLink>
      </div>
    </Frame>
  );
}
