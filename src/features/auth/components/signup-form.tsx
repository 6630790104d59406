import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { dismissToast, toast } from '@/components/ui/toast-store';
import { messages } from '@/content/messages';
import { limits, passwordSchema } from '@/lib/validation';
import { useAuth } from '../hooks/use-auth';

/** The password rule, shown before the first try (Auth's minimum_password_length, limits.passwordMin). */
export const PASSWORD_RULE = `At least ${limits.passwordMin} characters.`;

// Names mirror the profile columns' limits; the password's length is Auth's, checked here too so a
// short one is answered beside the field; the email's rule is the server's.
export const signupSchema = z.object({
  firstName: z.string().trim().min(1, 'Please enter your first name.').max(limits.nameMax),
  lastName: z.string().trim().min(1, 'Please enter your last name.').max(limits.nameMax),
  email: z.string().trim().min(1, 'Please enter your email address.'),
  password: z.string().min(1, 'Please choose a password.').pipe(passwordSchema),
});
type SignupValues = z.infer<typeof signupSchema>;

export interface SignupFormProps {
  /** Called when the account exists; `needsEmailConfirmation` when the email must be confirmed first. */
  onSignedUp(result: { email: string; needsEmailConfirmation: boolean }): void;
}

export function SignupForm({ onSignedUp }: SignupFormProps) {
  const { signUp } = useAuth();
  const { register, handleSubmit, formState } = useForm<SignupValues>({
    resolver: zodResolver(signupSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;
  // The last refusal's toast: it goes once a try succeeds, not left beside "Check your email".
  const [failure, setFailure] = useState<number | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await signUp(values);
      if (failure !== null) dismissToast(failure);
      setFailure(null);
      onSignedUp({ email: values.email, ...result });
    } catch (error) {
      setFailure(toast({ ...messages.signupFailed, description: (error as Error).message }));
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid grid-cols-1 gap-5 sm:grid-cols-2"
      aria-busy={isSubmitting}
    >
      <Field id="signup-first-name" label="First name" required error={errors.firstName?.message}>
        <Input type="text" autoComplete="given-name" {...register('firstName')} />
      </Field>
      <Field id="signup-last-name" label="Last name" required error={errors.lastName?.message}>
        <Input type="text" autoComplete="family-name" {...register('lastName')} />
      </Field>
      <Field id="signup-email" label="Email" required error={errors.email?.message} className="sm:col-span-2">
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          {...register('email')}
        />
      </Field>
      <Field
        id="signup-password"
        label="Password"
        hint={PASSWORD_RULE}
        required
        error={errors.password?.message}
        className="sm:col-span-2"
      >
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </Field>
      <Button type="submit" size="lg" fullWidth disabled={isSubmitting} className="sm:col-span-2">
        {isSubmitting ? 'Creating your account...' : 'Create Account'}
      </Button>
    </form>
  );
}
