import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { LoginForm } from '../components/login-form';
import { AuthContext, type AuthContextValue } from '../lib/auth-context';
import { CHILD_LOGIN_FAILED, CHILD_LOGIN_LOCKED, loginEmail } from '../lib/child-login';

/** The form with an auth context whose signIn refuses everything the way Auth does. */
function renderForm(refusal = 'Invalid login credentials') {
  const signIn = vi.fn(() =>
    Promise.reject(Object.assign(new Error(refusal), { code: 'invalid_credentials' })),
  );
  const auth = { signIn } as unknown as AuthContextValue;
  render(
    <AuthContext.Provider value={auth}>
      <LoginForm />
      <Toaster />
    </AuthContext.Provider>,
  );
  return { signIn };
}

async function logIn(login: string, password: string) {
  await userEvent.type(screen.getByLabelText(/Email or username/), login);
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('a child signs in with a username', () => {
  it('maps a username (any case, spaces around) to the child domain, an email as typed', () => {
    expect(loginEmail(' Mia.R ')).toBe('mia.r@child.ploom.invalid');
    expect(loginEmail('Sam@Example.com')).toBe('Sam@Example.com');
  });

  it('sends the username as its child address, and a refusal in a child’s words', async () => {
    const { signIn } = renderForm();
    await logIn('Mia', 'wrong-secret');
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('mia@child.ploom.invalid', 'wrong-secret'));
    expect(await screen.findByText(CHILD_LOGIN_FAILED)).toBeTruthy();
    expect(screen.getByLabelText(/Email or username/)).toHaveProperty('value', 'Mia');
  });

  it('a locked login says so, and to ask a parent (Auth answers the lock hook’s message)', async () => {
    renderForm(
      'This login is locked after too many wrong tries. A parent can unlock it from their account; otherwise it unlocks by itself in 15 minutes.',
    );
    await logIn('mia', 'any-secret');
    expect(await screen.findByText(CHILD_LOGIN_LOCKED)).toBeTruthy();
  });

  it("an email login still shows the server's message", async () => {
    const { signIn } = renderForm();
    await logIn('sam@example.com', 'wrong-secret');
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('sam@example.com', 'wrong-secret'));
    expect(await screen.findByText('Invalid login credentials')).toBeTruthy();
  });
});
