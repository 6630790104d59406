import { SetPasswordScreen } from '@/features/auth/components/set-password-screen';

/** /reset-password: where the "forgot password" email's link lands. */
export default function ResetPasswordPage() {
  return <SetPasswordScreen variant="reset" />;
}
