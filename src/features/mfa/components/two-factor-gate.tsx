import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTwoFactorStep } from '../api/get-two-factor-step';
import { firstVerifiedFactorId } from '../api/verify-code';
import { CodeForm } from './code-form';
import { EnrolFactor } from './enrol-factor';

/**
 * Shows `children` (the staff area) only once two-factor sign-in is done: a staff member with an
 * authenticator app enters its code first; while the setting requires it, one without an app sets
 * one up first. Row level security enforces the same; this screen only explains it.
 */
export function TwoFactorGate({
  accessToken,
  frame,
  children,
}: {
  accessToken: string | undefined;
  /** wraps the step screens (the page frame with sign-out) */
  frame: (content: ReactNode) => ReactNode;
  children: ReactNode;
}) {
  const step = useTwoFactorStep(accessToken);
  if (step.isError) {
    return frame(
      <p role="alert" className="text-red-800">
        Your sign-in could not be checked: {step.error.message}
      </p>,
    );
  }
  if (!step.data) return frame(<p role="status">Checking your sign-in…</p>);
  if (step.data === 'verify') return frame(<VerifyStep />);
  if (step.data === 'enrol') {
    return frame(
      <section aria-labelledby="mfa-enrol-heading" className="space-y-4">
        <h1 id="mfa-enrol-heading" className="font-display text-3xl font-extrabold text-ink">
          Set up two-factor sign-in
        </h1>
        <p className="text-ink-muted">
          Staff accounts can read families' information, so Ploom asks for a code from an authenticator app at
          every sign-in. Set it up once to continue.
        </p>
        <EnrolFactor />
      </section>,
    );
  }
  return <>{children}</>;
}

function VerifyStep() {
  const factor = useQuery({ queryKey: ['mfa', 'first-factor'], queryFn: firstVerifiedFactorId });
  return (
    <section aria-labelledby="mfa-verify-heading" className="space-y-4">
      <h1 id="mfa-verify-heading" className="font-display text-3xl font-extrabold text-ink">
        Enter your sign-in code
      </h1>
      <p className="text-ink-muted">
        Open your authenticator app and enter the 6-digit code it shows for Ploom.
      </p>
      {factor.isError ? (
        <p role="alert" className="text-red-800">
          {factor.error.message}
        </p>
      ) : factor.data ? (
        <CodeForm factorId={factor.data} submitLabel="Continue" />
      ) : (
        <p role="status">Loading…</p>
      )}
    </section>
  );
}
