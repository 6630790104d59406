import { render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useLocation } from '@/lib/navigation';
import { TestRouter } from '@/test/router';
import { heldSessionKey } from '@/lib/held-session';
import { ROLE_HINT_KEY } from '../../direct-load';
import { RequireAuth } from '../require-auth';

const state = vi.hoisted(() => ({ auth: {} as Record<string, unknown> }));
vi.mock('@/features/auth/hooks/use-auth', async () => {
  // The guard's own context (a held session) wins over the mocked provider's state, as in the app.
  const { useContext } = await import('react');
  const { AuthContext } = await import('@/features/auth/lib/auth-context');
  return { useAuth: () => useContext(AuthContext) ?? state.auth };
});

function LoginProbe() {
  const location = useLocation();
  return <p>login page from {(location.state as { from?: string } | null)?.from}</p>;
}

/** Shows who the screen inside the guard is drawn for. */
function Leads() {
  const { user, role } = useAuth();
  return (
    <p>
      leads for {user?.id} as {role}
    </p>
  );
}

function renderAt(path: string) {
  const view = render(screenAt(path));
  return { ...view, rerender: () => view.rerender(screenAt(path)) };
}

function screenAt(path: string) {
  return (
    <TestRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginProbe />} />
        <Route
          path="/admin/waitlist"
          element={
            <RequireAuth roles={['admin', 'coach']}>
              <Leads />
            </RequireAuth>
          }
        />
      </Routes>
    </TestRouter>
  );
}

/** What supabase-js and the areas leave in the browser for a person (expiring in `expiresIn` s). */
function holdSession(userId: string, role: string, expiresIn = 3600) {
  const expiresAt = Math.floor(Date.now() / 1000) + expiresIn;
  window.localStorage.setItem(
    heldSessionKey(),
    JSON.stringify({ access_token: 'token', expires_at: expiresAt, user: { id: userId } }),
  );
  window.localStorage.setItem(ROLE_HINT_KEY, `${userId}:${role}`);
}

beforeEach(() => {
  window.localStorage.clear();
  state.auth = { user: null, role: null, loading: false, roleLoading: false };
});

describe('RequireAuth', () => {
  it('waits while the session or role is being checked', () => {
    state.auth = { user: null, role: null, loading: true, roleLoading: false };
    renderAt('/admin/waitlist');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('sends signed-out visitors to /login, remembering where they were going', () => {
    renderAt('/admin/waitlist?status=new');
    expect(screen.getByText('login page from /admin/waitlist?status=new')).toBeInTheDocument();
  });

  it('shows a friendly page to a role that may not enter', () => {
    state.auth = { user: { id: 'p' }, role: 'parent', loading: false, roleLoading: false };
    renderAt('/admin/waitlist');
    expect(screen.getByRole('heading', { name: "This area isn't for your account" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Area' })).toHaveAttribute('href', '/app');
    expect(screen.queryByText(/leads/)).toBeNull();
  });

  it('lets an allowed role in', () => {
    state.auth = { user: { id: 'c' }, role: 'coach', loading: false, roleLoading: false };
    renderAt('/admin/waitlist');
    expect(screen.getByText('leads for c as coach')).toBeInTheDocument();
  });

  it('draws the route at once for a held session and remembered role while the checks run', () => {
    holdSession('c', 'coach');
    state.auth = { user: null, role: null, loading: true, roleLoading: true };
    const { rerender } = renderAt('/admin/waitlist');
    expect(screen.getByText('leads for c as coach')).toBeInTheDocument();
    // The session is confirmed, the role still being read: still drawn, and not drawn anew.
    const drawn = screen.getByText('leads for c as coach');
    state.auth = { user: { id: 'c' }, role: null, loading: false, roleLoading: true };
    rerender();
    expect(screen.getByText('leads for c as coach')).toBe(drawn);
  });

  it('waits instead when the held token is out of date, the role is not remembered or not let in', () => {
    state.auth = { user: null, role: null, loading: true, roleLoading: true };
    holdSession('c', 'coach', 30);
    const expired = renderAt('/admin/waitlist');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expired.unmount();

    holdSession('p', 'parent');
    const refused = renderAt('/admin/waitlist');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    refused.unmount();

    holdSession('c', 'coach');
    window.localStorage.removeItem(ROLE_HINT_KEY);
    renderAt('/admin/waitlist');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('follows the checks once they overrule what the browser held', () => {
    holdSession('c', 'coach');
    // The session check found nobody signed in (the session had ended).
    state.auth = { user: null, role: null, loading: false, roleLoading: false };
    renderAt('/admin/waitlist');
    expect(screen.getByText('login page from /admin/waitlist')).toBeInTheDocument();
  });

  it('follows the role read when it says another role', () => {
    holdSession('c', 'coach');
    state.auth = { user: { id: 'c' }, role: 'parent', loading: false, roleLoading: false };
    renderAt('/admin/waitlist');
    expect(screen.getByRole('heading', { name: "This area isn't for your account" })).toBeInTheDocument();
  });

  it("does not draw one person's area for another who has signed in since", () => {
    holdSession('c', 'coach');
    state.auth = { user: { id: 'someone-else' }, role: null, loading: false, roleLoading: true };
    renderAt('/admin/waitlist');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });
});
