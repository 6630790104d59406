import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { ChildLogin } from '../api/get-child-logins';
import { childLoginSchema, MIN_SECRET_LENGTH, type ChildLoginValues } from '../api/save-child-login';

export interface ChildLoginFormProps {
  child: ChildLogin;
  /** Resolves when saved; rejects with the server's reason (shown by the caller). */
  onSave(values: { username: string; secretKind: 'pin' | 'password'; secret: string }): Promise<void>;
  onCancel(): void;
}

/**
 * Gives a child a login, or changes it: the username the child types and a PIN (numbers) or a
 * password. The secret is shown as typed: the parent chooses it to tell the child.
 */
export function ChildLoginForm({ child, onSave, onCancel }: ChildLoginFormProps) {
  const mode = child.username ? 'update' : 'create';
  const { register, handleSubmit, control, formState } = useForm<ChildLoginValues>({
    resolver: zodResolver(childLoginSchema(mode, child.secretKind)),
    defaultValues: {
      username: child.username ?? child.firstName.toLowerCase().replace(/[^a-z0-9]/g, ''),
      secretKind: child.secretKind ?? 'pin',
      secret: '',
    },
  });
  const { errors, isSubmitting } = formState;
  const kind = useWatch({ control, name: 'secretKind' });
  const base = `child-login-${child.childId}`;
  const secretLabel =
    mode === 'update' ? (kind === 'pin' ? 'New PIN' : 'New password') : kind === 'pin' ? 'PIN' : 'Password';

  const submit = handleSubmit(async (values) => {
    await onSave({
      username: values.username.trim().toLowerCase(),
      secretKind: values.secretKind,
      secret: values.secret,
    });
  });

  return (
    <form noValidate onSubmit={submit} className="mt-4 grid gap-4" aria-busy={isSubmitting}>
      <Field
        id={`${base}-username`}
        label="Username"
        hint={`What ${child.firstName} types to sign in: letters, numbers, dots or dashes.`}
        required
        error={errors.username?.message}
      >
        <Input autoComplete="off" autoCapitalize="none" spellCheck={false} {...register('username')} />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-semibold text-ink">Signs in with</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              value="pin"
              className="h-5 w-5 accent-brand-700"
              {...register('secretKind')}
            />
            A PIN ({MIN_SECRET_LENGTH}+ numbers)
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              value="password"
              className="h-5 w-5 accent-brand-700"
              {...register('secretKind')}
            />
            A password ({MIN_SECRET_LENGTH}+ characters)
          </label>
        </div>
      </fieldset>
      <Field
        id={`${base}-secret`}
        label={secretLabel}
        hint={
          mode === 'update'
            ? `Leave blank to keep ${child.firstName}'s current one.`
            : `Tell ${child.firstName}; you can change it any time.`
        }
        required={mode === 'create'}
        error={errors.secret?.message}
      >
        <Input
          type="text"
          autoComplete="off"
          spellCheck={false}
          inputMode={kind === 'pin' ? 'numeric' : 'text'}
          {...register('secret')}
        />
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : mode === 'create' ? 'Create login' : 'Save changes'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
