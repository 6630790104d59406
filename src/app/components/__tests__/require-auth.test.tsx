import { render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from '@/lib/navigation';
import { TestRouter } from '@/test/router';
import { RequireAuth } from '../require-auth';

const state = vi.hoisted(() => ({ auth: {} as Record<string, unknown> }));
vi.mock('@/features/auth/hooks/use-auth', () => ({ useAuth: () => state.auth }));

function LoginProbe() {
  const location = useLocation();
  return <p>login page from {(location.state as { from?: string } | null)?.from}</p>;
}

function renderAt(path: string) {
  render(
    <TestRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginProbe />} />
        <Route
          path="/admin/waitlist"
          element={
            <RequireAuth roles={['admin', 'coach']}>
              <p>leads</p>
            </RequireAuth>
          }
        />
      </Routes>
    </TestRouter>,
  );
}

beforeEach(() => {
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
    expect(screen.queryByText('leads')).toBeNull();
  });

  it('lets an allowed role in', () => {
    state.auth = { user: { id: 'c' }, role: 'coach', loading: false, roleLoading: false };
    renderAt('/admin/waitlist');
    expect(screen.getByText('leads')).toBeInTheDocument();
  });
});
