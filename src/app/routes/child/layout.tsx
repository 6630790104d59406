import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { RequireAuth } from '@/app/components/require-auth';
import { layouts } from '@/app/routes.manifest.areas';
import { LoadingScreen } from '@/app/loading-screen';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ChildFrame } from '@/features/child-app/components/child-frame';
import { useNavigate } from '@/lib/navigation';

/** /child: a child's own area, in a frame of its own (big, warm, no tabs: features/child-app). */
export default function ChildLayout() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <RequireAuth roles={layouts.child.roles}>
      <ChildFrame
        homeHref={paths.childDashboard}
        onSignOut={async () => {
          await signOut();
          navigate(paths.home);
        }}
      >
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </ChildFrame>
    </RequireAuth>
  );
}
