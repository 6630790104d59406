import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from '@/lib/history';
import { TestRouter } from '@/test/router';
import { NavAccountLinks } from '../nav-account-links';

const state = vi.hoisted(() => ({
  auth: {} as Record<string, unknown>,
  signupEnabled: true,
}));
vi.mock('@/features/auth/hooks/use-auth', () => ({ useAuth: () => state.auth }));
vi.mock('@/features/flags/hooks/use-signup-enabled-when-idle', () => ({
  useSignupEnabledWhenIdle: () => state.signupEnabled,
}));

const signedOut = { user: null, loading: false, roleLoading: false, isAdmin: false, signOut: vi.fn() };

function renderAt(path: string, extra?: React.ReactNode) {
  const history = createMemoryHistory([path]);
  render(
    <TestRouter history={history}>
      <NavAccountLinks />
      {extra}
    </TestRouter>,
  );
  return history;
}

beforeEach(() => {
  state.auth = { ...signedOut };
  state.signupEnabled = true;
});

describe('NavAccountLinks', () => {
  it('offers Login and Get Started to visitors while sign-up is open', () => {
    renderAt('/');
    expect(screen.queryByRole('link', { name: 'Join Waitlist' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  });

  it('offers Join Waitlist instead when sign-up is closed, opening /waitlist from other pages', async () => {
    state.signupEnabled = false;
    const history = renderAt('/about');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Join Waitlist' }));
    expect(history.location.pathname).toBe('/waitlist');
  });

  it("scrolls to the page's own waitlist section when there is one", async () => {
    state.signupEnabled = false;
    // jsdom has no layout, so no scrollIntoView: give the test its own.
    const scrollIntoView = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      value: scrollIntoView,
      configurable: true,
    });
    const history = renderAt(
      '/coaching-home',
      <section id="waitlist">
        <input aria-label="Name" />
      </section>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Join Waitlist' }));
    expect(history.location.pathname).toBe('/coaching-home');
    expect(scrollIntoView).toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
  });

  it('shows My Dashboard and Sign Out to a signed-in parent', () => {
    state.auth = { ...signedOut, user: { id: 'u' }, role: 'parent' };
    renderAt('/');
    expect(screen.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/app');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('shows admins Sign Out only', () => {
    state.auth = { ...signedOut, user: { id: 'a' }, role: 'admin', isAdmin: true };
    renderAt('/');
    expect(screen.queryByRole('link', { name: 'My Dashboard' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('signs out and returns home', async () => {
    const signOut = vi.fn(async () => undefined);
    state.auth = { ...signedOut, user: { id: 'u' }, signOut };
    const history = renderAt('/pricing');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(signOut).toHaveBeenCalled();
    expect(history.location.pathname).toBe('/');
  });
});
