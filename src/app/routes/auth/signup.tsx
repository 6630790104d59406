import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@/lib/navigation';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { messages } from '@/content/messages';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { SignupForm } from '@/features/auth/components/signup-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { homePathForRole } from '@/features/auth/lib/roles';
import { useSignupEnabled } from '@/features/flags/hooks/use-signup-enabled';
import { usePageMeta } from '@/lib/use-page-meta';

const linkClass = 'font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900';

export default function SignupPage() {
  usePageMeta({ title: 'Create your account', description: 'Create your Ploom family account.' });
  const { user, role, loading, roleLoading } = useAuth();
  const { enabled, loading: flagLoading } = useSignupEnabled();
  const navigate = useNavigate();
  const [confirmEmail, setConfirmEmail] = useState<string | null>(null);

  useEffect(() => {
    if (loading || !user || roleLoading) return;
    navigate(homePathForRole(role), { replace: true });
  }, [loading, user, roleLoading, role, navigate]);

  const footer = (
    <p>
      Already have an account?{' '}
      <Link to={paths.login} className={linkClass}>
        Log in
      </Link>
    </p>
  );

  if (confirmEmail) {
    return (
      <AuthLayout title="Check your email" footer={footer}>
        <div className="flex flex-col items-center gap-4 text-center" role="status">
          <MailCheck className="h-12 w-12 text-brand-700" aria-hidden="true" />
          <p>
            We sent a confirmation link to <strong>{confirmEmail}</strong>. Open it to finish creating your
            account.
          </p>
        </div>
      </AuthLayout>
    );
  }

  if (flagLoading) {
    return (
      <AuthLayout title="Create your account">
        <p role="status" aria-live="polite" className="text-ink-muted">
          {messages.loading}
        </p>
      </AuthLayout>
    );
  }

  if (!enabled) {
    return (
      <AuthLayout
        title="Sign-up is closed for now"
        intro={`We're welcoming our first ${site.betaFamilies} families one at a time, so new accounts are paused.`}
        footer={footer}
      >
        <div className="flex flex-col gap-4">
          <p>
            Join the waitlist and we'll reach out within {site.replyWithinHours} hours when a place opens.
          </p>
          <ButtonLink to={paths.waitlist} size="lg" fullWidth>
            Join the Waitlist
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      intro="Set up your family's account to book sessions and follow your child's progress."
      footer={footer}
    >
      <SignupForm
        onSignedUp={({ email, needsEmailConfirmation }) => {
          if (needsEmailConfirmation) setConfirmEmail(email);
        }}
      />
    </AuthLayout>
  );
}
