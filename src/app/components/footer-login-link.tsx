import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useSignupEnabledWhenIdle } from '@/features/flags/hooks/use-signup-enabled-when-idle';
import { Link } from '@/lib/navigation';

/**
 * Login in the footer, for a returning parent on a landing page whose top bar has no account links
 * (/ and /coaching). As in the site nav, it shows to a signed-out visitor while sign-up is open
 * (SPEC §6); until the flag is known (the prerendered HTML, hydration) it is not there.
 */
export function FooterLoginLink() {
  const { user, loading } = useAuth();
  const enabled = useSignupEnabledWhenIdle();
  if (!enabled || (user && !loading)) return null;
  return (
    <p className="text-brand-100">
      Already with Ploom?{' '}
      <Link className="font-semibold text-white underline underline-offset-4" to={paths.login}>
        Login
      </Link>
    </p>
  );
}
