import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useEnrollFactor } from '../api/enroll-factor';
import { CodeForm } from './code-form';

/**
 * Adds an authenticator app: the QR code to scan, the same secret as text (to type in by hand, or
 * for a screen reader), then a code from the app to prove it works.
 */
export function EnrolFactor({ onEnrolled }: { onEnrolled?: () => void }) {
  const enroll = useEnrollFactor();
  const [done, setDone] = useState(false);
  const enrolment = enroll.data;

  if (done) {
    return (
      <p role="status" className="font-semibold text-brand-800">
        Two-factor sign-in is on. You will be asked for a code from the app each time you sign in.
      </p>
    );
  }
  if (!enrolment) {
    return (
      <div className="space-y-3">
        <p>Use an authenticator app (for example Google Authenticator, 1Password or Authy) on your phone.</p>
        {enroll.isError ? (
          <p role="alert" className="text-red-800">
            Two-factor sign-in could not be started: {enroll.error.message}
          </p>
        ) : null}
        <Button
          type="button"
          disabled={enroll.isPending}
          onClick={() => enroll.mutate(`Authenticator app ${new Date().toISOString().slice(0, 16)}`)}
        >
          Set up an authenticator app
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-4 pl-5">
        <li>
          <p>Scan this QR code with the app:</p>
          <img
            src={enrolment.qrCode}
            alt="QR code for adding Ploom to your authenticator app (the same key is written below)"
            width={192}
            height={192}
            className="mt-2 rounded-xl border border-brand-100 bg-white p-2"
          />
        </li>
        <li>
          <p id="mfa-secret-label">Or type this key into the app:</p>
          <code
            aria-labelledby="mfa-secret-label"
            data-testid="mfa-secret"
            className="mt-1 inline-block select-all break-all rounded-lg bg-brand-50 px-3 py-2 font-mono text-lg tracking-wider"
          >
            {enrolment.secret}
          </code>
        </li>
        <li>
          <p>Enter the code the app shows now:</p>
          <div className="mt-2">
            <CodeForm
              factorId={enrolment.factorId}
              submitLabel="Turn on two-factor sign-in"
              onVerified={() => {
                setDone(true);
                onEnrolled?.();
              }}
            />
          </div>
        </li>
      </ol>
    </div>
  );
}
