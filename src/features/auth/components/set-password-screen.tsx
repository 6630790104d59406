import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, ButtonLink } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { messages } from '@/content/messages';
import { Link, useNavigate } from '@/lib/navigation';
import { usePageMeta } from '@/lib/use-page-meta';
import { updatePassword } from '../api/password-reset';
import { useAuth } from '../hooks/use-auth';
import { readAuthLink } from '../lib/initial-url';
import { homePathForRole } from '../lib/roles';
import { AuthLayout } from './auth-layout';

/** The words of each way in: a reset link (forgot password) or an invitation (a welcome). */
const copy = {
  reset: {
    title: 'Choose a new password',
    description: 'Choose a new password for your Ploom account.',
    intro: (email: string) => <>For {email}</>,
    password: 'New password',
    confirm: 'Confirm new password',
    missing: 'Please choose a new password.',
    submit: 'Save New Password',
    saved: { title: 'Password updated', description: "You're signed in with your new password." },
    expiredTitle: 'This link has expired',
    expired: 'This password reset link is invalid or has already been used.',
    expiredHelp:
      'Reset links work once and expire after a while. Ask for a new one and use it straight away.',
  },
  welcome: {
    title: 'Welcome to Ploom, set your password',
    description: 'You have been invited to Ploom: choose the password you will sign in with.',
    intro: (email: string) => (
      <>
        Your account for <strong className="font-semibold text-ink">{email}</strong> is ready. Choose the
        password you will sign in with from now on.
      </>
    ),
    password: 'Password',
    confirm: 'Confirm password',
    missing: 'Please choose a password.',
    submit: 'Set Password and Continue',
    saved: { title: 'Welcome to Ploom', description: 'Your password is set and you are signed in.' },
    expiredTitle: 'This invitation link has expired',
    expired: 'This invitation link is invalid or has already been used.',
    expiredHelp:
      'Invitation links work once, for 24 hours. Ask whoever invited you for a new invitation, or send yourself a link to set a password.',
  },
} as const;

export type SetPasswordVariant = keyof typeof copy;

const linkClass = 'font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900';

/**
 * Where an emailed link lands to set a password: the session comes from the link's fragment, the
 * person types the password twice, and is taken to their area.
 */
export function SetPasswordScreen({ variant }: { variant: SetPasswordVariant }) {
  const words = copy[variant];
  usePageMeta({ title: words.title, description: words.description });
  const { user, role, loading, roleLoading } = useAuth();
  const navigate = useNavigate();
  const [link] = useState(() => readAuthLink());
  const [done, setDone] = useState(false);
  const schema = z
    .object({
      password: z.string().min(1, words.missing),
      confirm: z.string().min(1, 'Please type the password again.'),
    })
    .refine((v) => v.password === v.confirm, {
      path: ['confirm'],
      message: "The two passwords don't match.",
    });
  const { register, handleSubmit, formState } = useForm<z.infer<typeof schema>>({
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
    toast(words.saved);
    setDone(true);
  });

  if (link.errorDescription || (!loading && !user)) {
    return (
      <AuthLayout
        title={words.expiredTitle}
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
              : words.expired}{' '}
            {words.expiredHelp}
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
      <AuthLayout title={words.title}>
        <p role="status" aria-live="polite" className="text-ink-muted">
          {messages.loading}
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={words.title} intro={user?.email ? words.intro(user.email) : undefined}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={formState.isSubmitting}>
        <Field id="set-password" label={words.password} required error={formState.errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </Field>
        <Field
          id="set-password-confirm"
          label={words.confirm}
          required
          error={formState.errors.confirm?.message}
        >
          <Input type="password" autoComplete="new-password" {...register('confirm')} />
        </Field>
        <Button type="submit" size="lg" fullWidth disabled={formState.isSubmitting || done}>
          {formState.isSubmitting ? 'Saving...' : words.submit}
        </Button>
      </form>
    </AuthLayout>
  );
}
