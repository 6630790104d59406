import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@/lib/navigation';
import { z } from 'zod';
import { Button, ButtonLink } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { messages } from '@/content/messages';
import { updatePassword } from '@/features/auth/api/password-reset';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { readAuthLink } from '@/features/auth/lib/initial-url';
import { homePathForRole } from '@/features/auth/lib/roles';
import { usePageMeta } from '@/lib/use-page-meta';

const schema = z
  .object({
    password: z.string().min(1, 'Please choose a new password.'),
    confirm: z.string().min(1, 'Please type the new password again.'),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: "The two passwords don't match." });
type Values = z.infer<typeof schema>;

const linkClass = 'font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900';

export default function ResetPasswordPage() {
  usePageMeta({
    title: 'Choose a new password',
    description: 'Choose a new password for your Ploom account.',
  });
  const { user, role, loading, roleLoading } = useAuth();
  const navigate = useNavigate();
  const [link] = useState(() => readAuthLink());
  const [done, setDone] = useState(false);
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
  });

  useEffect(() => {
    if (done && !roleLoading) navigate(homePathForRole(role), { replace: true });
  }, [done, role, roleLoading, navigate]);

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await updatePassword(password);
    } catch (error) {
      toast({
        title: "Couldn't update your password",
        description: (error as Error).message,
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Password updated', description: "You're signed in with your new password." });
    setDone(true);
  });

  if (link.errorDescription || (!loading && !user)) {
    return (
      <AuthLayout
        title="This link has expired"
        footer={
          <Link to={paths.login} className={linkClass}>
            Back to login
          </Link>
        }
      >
        <div className="flex flex-col gap-4" role="alert">
          <p>
            {link.errorDescription
              ? `The link says: ${link.errorDescription.replace(/\.?$/, '.')}`
              : 'This password reset link is invalid or has already been used.'}{' '}
            Reset links work once and expire after a while. Ask for a new one and use it straight away.
          </p>
          <ButtonLink to={paths.forgotPassword} size="lg" fullWidth>
            Send a New Link
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }

  if (loading) {
    return (
      <AuthLayout title="Choose a new password">
        <p role="status" aria-live="polite" className="text-ink-muted">
          {messages.loading}
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" intro={user?.email ? <>For {user.email}</> : undefined}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={formState.isSubmitting}>
        <Field id="reset-password" label="New password" required error={formState.errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </Field>
        <Field
          id="reset-confirm"
          label="Confirm new password"
          required
          error={formState.errors.confirm?.message}
        >
          <Input type="password" autoComplete="new-password" {...register('confirm')} />
        </Field>
        <Button type="submit" size="lg" fullWidth disabled={formState.isSubmitting || done}>
          {formState.isSubmitting ? 'Saving...' : 'Save New Password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
