import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { LoginForm } from '../components/login-form';
import { AuthContext, type AuthContextValue } from '../lib/auth-context';
import { FunctionError } from '@/lib/invoke-function';
import { CHILD_LOGIN_FAILED, CHILD_LOGIN_LOCKED } from '../lib/child-login';

/**
 * The form with an auth context that refuses everything the way Auth does (an email) and the way
 * the child-sign-in function does (a username).
 */
function renderForm(refusal = 'Invalid login credentials') {
  const signIn = vi.fn(() =>
    Promise.reject(Object.assign(new Error(refusal), { code: 'invalid_credentials' })),
  );
  const signInChild = vi.fn(() => Promise.reject(new FunctionError(refusal, 'invalid_credentials', 400)));
  const auth = { signIn, signInChild } as unknown as AuthContextValue;
  render(
    <AuthContext.Provider value={auth}>
      <LoginForm />
      <Toaster />
    </AuthContext.Provider>,
  );
  return { signIn, signInChild };
}

async function logIn(login: string, password: string) {
  await userEvent.type(screen.getByLabelText(/Email or username/), login);
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('a child signs in with a username', () => {
  it('sends a username (lowercased, trimmed) to the child sign-in, never as an address, and a refusal in a child’s words', async () => {
    const { signIn, signInChild } = renderForm();
    await logIn(' Mia.R ', 'wrong-secret');
    await waitFor(() => expect(signInChild).toHaveBeenCalledWith('mia.r', 'wrong-secret'));
    expect(signIn).not.toHaveBeenCalled();
    expect(await screen.findByText(CHILD_LOGIN_FAILED)).toBeTruthy();
    expect(screen.getByLabelText(/Email or username/)).toHaveProperty('value', ' Mia.R ');
    expect(screen.getByLabelText(/Password/)).toHaveProperty('value', '');
  });

  it('a locked login says so, and to ask a parent (the function answers the lock hook’s message)', async () => {
    renderForm(
      'This login is locked after too many wrong tries. A parent can unlock it from their account; otherwise it unlocks by itself in 15 minutes.',
    );
    await logIn('mia', 'any-secret');
    expect(await screen.findByText(CHILD_LOGIN_LOCKED)).toBeTruthy();
  });

  it("an email login still signs in with Auth and shows the server's message", async () => {
    const { signIn, signInChild } = renderForm();
    await logIn('sam@example.com', 'wrong-secret');
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('sam@example.com', 'wrong-secret'));
    expect(signInChild).not.toHaveBeenCalled();
    expect(await screen.findByText('Invalid login credentials')).toBeTruthy();
  });
});
