import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '@/lib/navigation';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { requestPasswordReset } from '@/features/auth/api/password-reset';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { usePageMeta } from '@/lib/use-page-meta';
import { emailSchema } from '@/lib/validation';

const schema = z.object({ email: emailSchema });
type Values = z.infer<typeof schema>;

const linkClass = 'font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900';

export default function ForgotPasswordPage() {
  usePageMeta({ title: 'Reset your password', description: 'Get a link to reset your Ploom password.' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    // Always the same answer, whether or not the email has an account.
    await requestPasswordReset(email).catch(() => undefined);
    setSentTo(email);
  });

  const footer = (
    <p>
      Remembered it?{' '}
      <Link to={paths.login} className={linkClass}>
        Back to login
      </Link>
    </p>
  );

  if (sentTo) {
    return (
      <AuthLayout title="Check your email" footer={footer}>
        <div className="flex flex-col items-center gap-4 text-center" role="status">
          <MailCheck className="h-12 w-12 text-brand-700" aria-hidden="true" />
          <p>
            If an account exists for <strong>{sentTo}</strong>, we've sent a link to reset your password. It
            may take a minute to arrive.
          </p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Reset your password"
      intro="Enter the email you signed up with and we'll send you a link to choose a new password."
      footer={footer}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={formState.isSubmitting}>
        <Field id="forgot-email" label="Email" required error={formState.errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            {...register('email')}
          />
        </Field>
        <Button type="submit" size="lg" fullWidth disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthLayout>
  );
}
