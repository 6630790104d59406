import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { sectionIds } from '@/content/nav';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useSignupEnabled } from '@/features/flags/hooks/use-signup-enabled';

export interface NavAccountLinksProps {
  /** Called after a link is followed (e.g. to close the mobile menu). */
  onNavigate?: () => void;
}

const WAITLIST_SECTION_ID = sectionIds.waitlist;

/**
 * The account links at the end of the site nav. Signed in: My Dashboard (not for admins) and
 * Sign Out. Signed out: Login and Get Started while sign-up is open, otherwise Join Waitlist,
 * which scrolls to the page's waitlist section or opens /waitlist.
 */
export function NavAccountLinks({ onNavigate }: NavAccountLinksProps) {
  const { user, loading, isAdmin, roleLoading, signOut } = useAuth();
  const { enabled: signupEnabled } = useSignupEnabled();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  if (loading) {
    // Keeps the nav's height while the session is checked, without flashing the wrong links.
    return <div className="min-h-[44px] min-w-[9rem]" aria-hidden="true" />;
  }

  if (user) {
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

  if (signupEnabled) {
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

  const onJoinWaitlist = (event: MouseEvent<HTMLAnchorElement>) => {
    const section = document.getElementById(WAITLIST_SECTION_ID);
    if (section) {
      event.preventDefault();
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
      const focusable = section.querySelector<HTMLElement>('input, select, textarea, button');
      focusable?.focus({ preventScroll: true });
    }
    onNavigate?.();
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ButtonLink to={paths.waitlist} variant="primary" size="sm" onClick={onJoinWaitlist}>
        Join Waitlist
      </ButtonLink>
    </div>
  );
}
