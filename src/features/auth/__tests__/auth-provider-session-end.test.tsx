import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAST_VIEW_KEY } from '@/lib/last-view-script';
import { sessionStorageKey } from '@/lib/stored-session';
import type { Supabase } from '@/lib/supabase';
import { AuthProvider } from '../components/auth-provider';
import { useAuth } from '../hooks/use-auth';

type Listener = (event: string, session: unknown) => void;

/** supabase-js holding a parent's session, whose events a test sends. */
function fakeClient() {
  const listeners = new Set<Listener>();
  const session = { access_token: 't', user: { id: 'u1', email: 'u1@example.com' } };
  const client = {
    auth: {
      onAuthStateChange(listener: Listener) {
        listeners.add(listener);
        queueMicrotask(() => listener('INITIAL_SESSION', session));
        return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
      },
    },
    from: () => ({
      select: () => ({ eq: async () => ({ data: [{ role: 'parent' }], error: null }) }),
    }),
  };
  return {
    client: client as unknown as Supabase,
    emit: (event: string, next: unknown) => listeners.forEach((listener) => listener(event, next)),
    session,
  };
}

function Who() {
  const { user, loading } = useAuth();
  return <p>{loading ? 'loading' : (user?.id ?? 'nobody')}</p>;
}

describe('the auth provider, on every page (decision 230)', () => {
  it('forgets the kept views when supabase-js says the session has ended, not on a refresh', async () => {
    window.localStorage.setItem(
      sessionStorageKey(),
      JSON.stringify({ access_token: 't', user: { id: 'u1' } }),
    );
    window.localStorage.setItem(LAST_VIEW_KEY, JSON.stringify({ user: 'u1', session: 's1', views: {} }));
    const fake = fakeClient();
    render(
      <AuthProvider getClient={async () => fake.client}>
        <Who />
      </AuthProvider>,
    );
    expect(await screen.findByText('u1')).toBeInTheDocument();

    act(() => fake.emit('TOKEN_REFRESHED', fake.session));
    expect(window.localStorage.getItem(LAST_VIEW_KEY)).not.toBeNull();

    // A refresh refused (the session ended elsewhere, or reset), a sign-out in another tab: supabase-js
    // removes its session and says SIGNED_OUT.
    act(() => fake.emit('SIGNED_OUT', null));
    expect(await screen.findByText('nobody')).toBeInTheDocument();
    expect(window.localStorage.getItem(LAST_VIEW_KEY)).toBeNull();
    window.localStorage.clear();
  });
});
