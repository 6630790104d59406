import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useVerifyCode } from '../api/verify-code';

/** The 6-digit code from the authenticator app, checked against `factorId`. */
export function CodeForm({
  factorId,
  submitLabel,
  onVerified,
}: {
  factorId: string;
  submitLabel: string;
  onVerified?: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const verify = useVerifyCode();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError('Enter the 6-digit code your authenticator app shows.');
      return;
    }
    setError(undefined);
    verify.mutate(
      { factorId, code: digits },
      {
        onSuccess: () => {
          setCode('');
          onVerified?.();
        },
        onError: (failure) =>
          setError(
            failure.message === 'Invalid TOTP code entered'
              ? 'That code did not match. Check the app and enter the current code.'
              : failure.message,
          ),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-sm space-y-4">
      <Field label="6-digit code" error={error} required>
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          name="code"
        />
      </Field>
      <Button type="submit" disabled={verify.isPending}>
        {verify.isPending ? 'Checking…' : submitLabel}
      </Button>
    </form>
  );
}
