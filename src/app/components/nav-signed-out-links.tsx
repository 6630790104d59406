import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSignupEnabledWhenIdle } from '@/features/flags/hooks/use-signup-enabled-when-idle';
import { JoinWaitlistLink } from './nav-join-waitlist';

/**
 * Signed out: Login and Get Started while sign-up is open, otherwise Join Waitlist. Until the live
 * flag is known (the prerendered HTML, hydration, the page's first idle moment) the links are
 * those of a closed sign-up.
 */
export function SignedOutLinks({ onNavigate }: { onNavigate?: () => void }) {
  const enabled = useSignupEnabledWhenIdle();
  if (!enabled) return <JoinWaitlistLink onNavigate={onNavigate} />;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ButtonLink to={paths.login} variant="ghost" size="sm" onClick={onNavigate}>
        Login
      </ButtonLink>
      <ButtonLink to={paths.signup} variant="primary" size="sm" onClick={onNavigate}>
        Get Started
      </ButtonLink>
    </div>
  );
}
