import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { emailChangeSchema, useChangeEmail } from '../api/change-email';
import { passwordChangeSchema, useChangePassword } from '../api/change-password';
import { SectionCard } from './section-card';

function reason(error: unknown): string {
  const message = (error as { message?: string } | null)?.message;
  return message || 'Please try again in a moment.';
}

/** Change the sign-in email (confirmed through the inbox) and the password. */
export function SignInForms({ currentEmail, redirectTo }: { currentEmail: string; redirectTo: string }) {
  const changeEmail = useChangeEmail();
  const changePassword = useChangePassword();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const emailForm = useForm<z.input<typeof emailChangeSchema>>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: { email: '' },
  });
  const passwordForm = useForm<z.input<typeof passwordChangeSchema>>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { password: '', confirm: '' },
  });
  return (
    <SectionCard
      title="Signing in"
      description={
        <>
          You sign in as <strong>{currentEmail}</strong>.
        </>
      }
    >
      <div className="grid gap-8 md:grid-cols-2">
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={emailForm.handleSubmit(({ email }) =>
            changeEmail.mutateAsync({ email, redirectTo }).then(
              () => {
                setPendingEmail(email);
                emailForm.reset({ email: '' });
              },
              (error) =>
                toast({ title: 'Email not changed', description: reason(error), variant: 'destructive' }),
            ),
          )}
        >
          <Field label="New email address" error={emailForm.formState.errors.email?.message}>
            <Input type="email" autoComplete="email" {...emailForm.register('email')} />
          </Field>
          <Button type="submit" variant="secondary" disabled={changeEmail.isPending}>
            Change email
          </Button>
          {pendingEmail ? (
            <p role="status" className="text-sm text-ink">
              Check your inbox: we sent a link to <strong>{pendingEmail}</strong> and one to{' '}
              <strong>{currentEmail}</strong>. Your email changes once you open both.
            </p>
          ) : null}
        </form>
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={passwordForm.handleSubmit(({ password }) =>
            changePassword.mutateAsync({ password }).then(
              () => {
                passwordForm.reset({ password: '', confirm: '' });
                toast({ title: 'Your password is changed', description: 'Other devices are signed out.' });
              },
              (error) =>
                toast({ title: 'Password not changed', description: reason(error), variant: 'destructive' }),
            ),
          )}
        >
          <Field
            label="New password"
            hint="At least 8 characters."
            error={passwordForm.formState.errors.password?.message}
          >
            <Input type="password" autoComplete="new-password" {...passwordForm.register('password')} />
          </Field>
          <Field label="Type it again" error={passwordForm.formState.errors.confirm?.message}>
            <Input type="password" autoComplete="new-password" {...passwordForm.register('confirm')} />
          </Field>
          <Button type="submit" variant="secondary" disabled={changePassword.isPending}>
            Change password
          </Button>
        </form>
      </div>
    </SectionCard>
  );
}
