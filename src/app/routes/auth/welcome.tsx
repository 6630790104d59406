import { SetPasswordScreen } from '@/features/auth/components/set-password-screen';

/** /welcome: where an invitation's link lands (a coach or admin invited by an admin, an enrolled parent). */
export default function WelcomePage() {
  return <SetPasswordScreen variant="welcome" />;
}
