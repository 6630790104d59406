import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { messages } from '@/content/messages';
import { useAuth } from '../hooks/use-auth';
import {
  CHILD_LOGIN_FAILED,
  CHILD_LOGIN_LOCKED,
  isLockedRefusal,
  isUsername,
  normalizeUsername,
} from '../lib/child-login';

// The server decides what a valid login is; the form only asks for both fields. A child types the
// username their parent gave them instead of an email address: it signs in through the
// child-sign-in function (see ../lib/child-login.ts).
export const loginSchema = z.object({
  email: z.string().trim().min(1, 'Please enter your email address or username.'),
  password: z.string().min(1, 'Please enter your password.'),
});
type LoginValues = z.infer<typeof loginSchema>;

/**
 * Email (or a child's username) and password sign-in; a failure shows the server's message (for a
 * username, the same refusal in a child's words) and keeps what was typed.
 */
export function LoginForm() {
  const { signIn, signInChild } = useAuth();
  const { register, handleSubmit, formState, resetField } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    const child = isUsername(email);
    try {
      if (child) await signInChild(normalizeUsername(email), password);
      else await signIn(email.trim(), password);
    } catch (error) {
      const { message, code } = error as Error & { code?: string };
      const childRefused = child && code === 'invalid_credentials';
      const description = !childRefused
        ? message
        : isLockedRefusal(message)
          ? CHILD_LOGIN_LOCKED
          : CHILD_LOGIN_FAILED;
      toast({ ...messages.loginFailed, description });
      resetField('password');
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={isSubmitting}>
      <Field id="login-email" label="Email or username" required error={errors.email?.message}>
        <Input
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          inputMode="email"
          spellCheck={false}
          {...register('email')}
        />
      </Field>
      <Field id="login-password" label="Password" required error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </Field>
      <Button type="submit" size="lg" fullWidth disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Log In'}
      </Button>
    </form>
  );
}
