import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { safeReturnPath } from '@/features/auth/lib/redirect';
import { homePathForRole } from '@/features/auth/lib/roles';
import { useSignupEnabled } from '@/features/flags/hooks/use-signup-enabled';
import { usePageMeta } from '@/lib/use-page-meta';

const linkClass = 'font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900';

export default function LoginPage() {
  usePageMeta({ title: 'Log in', description: 'Log in to your Ploom family account.' });
  const { user, role, loading, roleLoading } = useAuth();
  const { enabled: signupEnabled } = useSignupEnabled();
  const location = useLocation();
  const navigate = useNavigate();
  const from = safeReturnPath((location.state as { from?: unknown } | null)?.from);

  // Signed in (just now, or already): go back where they came from, or to their area.
  useEffect(() => {
    if (loading || !user || roleLoading) return;
    navigate(from ?? homePathForRole(role), { replace: true });
  }, [loading, user, roleLoading, role, from, navigate]);

  return (
    <AuthLayout
      title="Welcome back"
      intro="Log in to see your family's sessions, updates and progress."
      footer={
        signupEnabled ? (
          <p>
            New to Ploom?{' '}
            <Link to={paths.signup} className={linkClass}>
              Create an account
            </Link>
          </p>
        ) : (
          <p>
            New to Ploom?{' '}
            <Link to={paths.waitlist} className={linkClass}>
              Join the waitlist
            </Link>
          </p>
        )
      }
    >
      <LoginForm />
      <p className="mt-4 text-center text-sm">
        <Link to={paths.forgotPassword} className={linkClass}>
          Forgot your password?
        </Link>
      </p>
    </AuthLayout>
  );
}
