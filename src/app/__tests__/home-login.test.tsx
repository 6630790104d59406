import { act, render, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { TestRouter } from '@/test/router';
import HomePage from '../routes/landing/home';

const state = vi.hoisted(() => ({
  auth: {} as Record<string, unknown>,
  signupEnabled: true,
}));
vi.mock('@/features/auth/hooks/use-auth', () => ({ useAuth: () => state.auth }));
vi.mock('@/features/flags/hooks/use-signup-enabled-when-idle', () => ({
  useSignupEnabledWhenIdle: () => state.signupEnabled,
}));
// The newsletter form is proven in its feature; here only the page's way to sign in matters.
vi.mock('@/features/lead-forms/components/newsletter-form', () => ({ NewsletterForm: () => null }));

const signedOut = { user: null, loading: false };

async function renderHome() {
  render(
    <TestRouter initialEntries={[paths.home]}>
      <HomePage />
    </TestRouter>,
  );
  // The footer's Login loads after the page has shown, as do the sections below the hero (and the
  // hero's offer to book an intro call) and the query client of the newsletter form.
  await act(async () => {
    await Promise.all([
      import('@/app/components/footer-login-link'),
      import('@/features/landing/components/below-fold'),
      import('@/lib/query-client'),
    ]);
  });
  return within(screen.getByRole('contentinfo'));
}

beforeAll(() => {
  // jsdom does not lay out, so it has no scrollIntoView.
  Element.prototype.scrollIntoView = vi.fn();
});
beforeEach(() => {
  state.auth = { ...signedOut };
  state.signupEnabled = true;
});

describe('the home page', () => {
  it('offers a returning parent Login in its footer while sign-up is open', async () => {
    const footer = await renderHome();
    expect(await footer.findByRole('link', { name: 'Login' })).toHaveAttribute('href', paths.login);
  });

  it('offers no Login while sign-up is closed', async () => {
    state.signupEnabled = false;
    const footer = await renderHome();
    expect(footer.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('offers no Login to a parent already signed in', async () => {
    state.auth = { user: { id: 'u' }, loading: false };
    const footer = await renderHome();
    expect(footer.queryByRole('link', { name: 'Login' })).toBeNull();
  });
});
