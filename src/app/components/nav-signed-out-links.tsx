import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSignupEnabled } from '@/features/flags/hooks/use-signup-enabled';
import { QueryBoundary } from '../query-boundary';
import { JoinWaitlistLink } from './nav-join-waitlist';

/** Signed out: Login and Get Started while sign-up is open, otherwise Join Waitlist. */
export default function SignedOutLinksWithQuery(props: { onNavigate?: () => void }) {
  return (
    <QueryBoundary>
      <SignedOutLinks {...props} />
    </QueryBoundary>
  );
}

function SignedOutLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { enabled } = useSignupEnabled();
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
