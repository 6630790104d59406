import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

export interface NavAccountLinksProps {
  /** Called after a link is followed (e.g. to close the mobile menu). */
  onNavigate?: () => void;
}

/** The account links at the end of the navigation. */
export function NavAccountLinks({ onNavigate }: NavAccountLinksProps) {
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
