import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/components/ui/toast-store';
import { limits } from '@/lib/validation';
import { PASSWORD_RULE, SignupForm } from '../components/signup-form';
import { AuthContext, type AuthContextValue } from '../lib/auth-context';

/** The form with an auth whose sign-up answers as the test says, and the toaster. */
function renderForm(signUp: AuthContextValue['signUp']) {
  const onSignedUp = vi.fn();
  render(
    <AuthContext.Provider value={{ signUp } as unknown as AuthContextValue}>
      <SignupForm onSignedUp={onSignedUp} />
      <Toaster />
    </AuthContext.Provider>,
  );
  return { onSignedUp };
}

async function fillIn(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/First name/), 'Nora');
  await user.type(screen.getByLabelText(/Last name/), 'Newparent');
  await user.type(screen.getByLabelText(/Email/), 'nora@example.com');
  await user.type(screen.getByLabelText(/Password/), password);
  return user;
}

afterEach(() => act(() => resetToasts()));

describe('the sign-up form', () => {
  it("shows the password rule under the field before any try, with Auth's minimum length", () => {
    renderForm(vi.fn());
    expect(screen.getByLabelText(/Password/)).toHaveAccessibleDescription(PASSWORD_RULE);
    expect(PASSWORD_RULE).toBe(`At least ${limits.passwordMin} characters.`);
    const config = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../supabase/config.toml'),
      'utf8',
    );
    expect(Number(/^minimum_password_length\s*=\s*(\d+)/m.exec(config)?.[1])).toBe(limits.passwordMin);
  });

  it('answers a short password beside the field, without asking the server or raising a toast', async () => {
    const signUp = vi.fn();
    renderForm(signUp);
    const user = await fillIn('short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(`Use at least ${limits.passwordMin} characters.`)).toBeInTheDocument();
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(signUp).not.toHaveBeenCalled();
    expect(screen.queryByText('Signup failed')).not.toBeInTheDocument();
  });

  it('takes the refusal toast away once a later try succeeds', async () => {
    const signUp = vi
      .fn<AuthContextValue['signUp']>()
      .mockRejectedValueOnce(new Error('Password is known to be weak and easy to guess'))
      .mockResolvedValueOnce({ needsEmailConfirmation: true });
    const { onSignedUp } = renderForm(signUp);
    const user = await fillIn('password1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Signup failed')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Password/));
    await user.type(screen.getByLabelText(/Password/), 'a-good-secret-42');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(onSignedUp).toHaveBeenCalledWith({ email: 'nora@example.com', needsEmailConfirmation: true }),
    );
    await waitFor(() => expect(screen.queryByText('Signup failed')).not.toBeInTheDocument());
  });
});
