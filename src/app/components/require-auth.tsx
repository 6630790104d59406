import { ShieldAlert } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Navigate, useLocation } from '@/lib/navigation';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { AuthContext, type AuthContextValue } from '@/features/auth/lib/auth-context';
import { homePathForRole, type AppRole } from '@/features/auth/lib/roles';
import { readHeldAuth } from '../direct-load';
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
 *
 * While the checks run, a person whose browser holds a session that is still good and a role the
 * area remembered for them, one this route lets in, sees the route at once as that person (decision
 * 214): the checks then confirm it (nothing changes) or overrule it (the visitor goes to /login,
 * or sees the refusal), and a request made meanwhile carries the held token, so row level
 * security answers it as it would any other.
 */
export function RequireAuth({ roles, children, inFrame = false }: RequireAuthProps) {
  const auth = useAuth();
  const { user, role, loading, roleLoading } = auth;
  const location = useLocation();
  // Read once: what the browser held when the area opened.
  const [held] = useState(readHeldAuth);
  const checking = loading || (user !== null && roleLoading);
  const assumed =
    checking &&
    held !== undefined &&
    (user === null || user.id === held.session.user.id) &&
    (!roles || roles.includes(held.role))
      ? held
      : undefined;
  const value = useMemo<AuthContextValue>(
    () =>
      assumed
        ? {
            ...auth,
            session: assumed.session,
            user: assumed.session.user,
            role: assumed.role,
            loading: false,
            roleLoading: false,
            isAdmin: assumed.role === 'admin',
            isCoach: assumed.role === 'coach',
            isAdminOrCoach: assumed.role === 'admin' || assumed.role === 'coach',
          }
        : auth,
    [assumed, auth],
  );

  if (!assumed) {
    if (checking) return <LoadingScreen />;
    if (!user) {
      const from = `${location.pathname}${location.search}${location.hash}`;
      return <Navigate to={paths.login} replace state={{ from }} />;
    }
    if (roles && (!role || !roles.includes(role)))
      return <NotAllowed home={homePathForRole(role)} inFrame={inFrame} />;
  }
  // The same element either way, so the screen is not drawn anew when the checks confirm it.
  return <AuthContext.Provider value={value}>{children ?? <Outlet />}</AuthContext.Provider>;
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
