import { useState } from 'react';
import { useNavigate } from '@/lib/navigation';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { SignedOutLinks } from './nav-signed-out-links';

export interface NavAccountLinksProps {
  /** Called after a link is followed (e.g. to close the mobile menu). */
  onNavigate?: () => void;
}

/**
 * The account links at the end of the site nav. Signed in: My Dashboard (not for admins) and
 * Sign Out. Signed out: Login and Get Started while sign-up is open, otherwise Join Waitlist,
 * which scrolls to the page's waitlist section or opens /waitlist.
 */
export function NavAccountLinks({ onNavigate }: NavAccountLinksProps) {
  const { user, loading, isAdmin, roleLoading, signOut } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  // While the session is checked the links are a signed-out visitor's: the prerendered HTML has
  // them, so the first render in the browser must too (no hydration mismatch).
  if (user && !loading) {
    const onSignOut = async () => {
      setSigningOut(true);
      try {
        await signOut();
      } finally {
        setSigningOut(false);
        onNavigate?.();
        navigate(paths.home);
      }
    };
    return (
      <div className="flex flex-wrap items-center gap-2">
        {!isAdmin && !roleLoading ? (
          <ButtonLink to={paths.app} variant="ghost" size="sm" onClick={onNavigate}>
            My Dashboard
          </ButtonLink>
        ) : null}
        <Button variant="secondary" size="sm" onClick={onSignOut} disabled={signingOut}>
          Sign Out
        </Button>
      </div>
    );
  }

  return <SignedOutLinks onNavigate={onNavigate} />;
}
