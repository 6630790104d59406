import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Supabase } from '@/lib/supabase';
import { sessionStorageKey } from '@/lib/stored-session';
import { AuthProvider } from '../components/auth-provider';
import { useAuth } from '../hooks/use-auth';

vi.mock('@/lib/when-idle', () => ({
  whenIdle: (task: () => void) => {
    task();
    return () => undefined;
  },
}));

type Listener = (event: string, session: unknown) => void;

/** A fake supabase-js client recording the calls the provider makes, in order. */
function fakeClient({ roles = ['parent'] as string[], storedUserId = null as string | null } = {}) {
  const log: string[] = [];
  const inserts: { table: string; row: Record<string, unknown> }[] = [];
  const listeners = new Set<Listener>();
  const sessionFor = (id: string) => ({ access_token: 't', user: { id, email: `${id}@example.com` } });
  let session: unknown = storedUserId ? sessionFor(storedUserId) : null;
  const emit = (event: string) => listeners.forEach((l) => l(event, session));
  const client = {
    realtime: {
      async setAuth(token: string) {
        log.push(`realtime.setAuth ${token}`);
      },
    },
    auth: {
      onAuthStateChange(listener: Listener) {
        listeners.add(listener);
        queueMicrotask(() => listener('INITIAL_SESSION', session));
        return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
      },
      async signInWithPassword({ email, password }: { email: string; password: string }) {
        log.push(`signIn ${email}`);
        if (password !== 'right') return { data: {}, error: new Error('Invalid login credentials') };
        session = sessionFor('u1');
        emit('SIGNED_IN');
        return { data: { session }, error: null };
      },
      async setSession(tokens: { access_token: string; refresh_token: string }) {
        log.push(`setSession ${tokens.access_token} ${tokens.refresh_token}`);
        session = sessionFor('child1');
        emit('SIGNED_IN');
        return { data: { session }, error: null };
      },
      async signOut() {
        log.push('auth.signOut');
        session = null;
        emit('SIGNED_OUT');
        return { error: null };
      },
    },
    functions: {
      // The child-sign-in function: the session for mia's PIN, Auth's refusal for anything else.
      async invoke(name: string, { body }: { body: { username: string; secret: string } }) {
        log.push(`invoke ${name} ${body.username}`);
        if (body.username === 'mia' && body.secret === '27182818') {
          return { data: { access_token: 'child-at', refresh_token: 'child-rt' }, error: null };
        }
        const context = new Response(
          JSON.stringify({ error: 'Invalid login credentials', code: 'invalid_credentials' }),
          { status: 400 },
        );
        return { data: null, error: Object.assign(new Error('non-2xx'), { context }) };
      },
    },
    from(table: string) {
      return {
        insert: async (row: Record<string, unknown>) => {
          log.push(`insert ${table} ${String(row.action ?? '')}`.trim());
          inserts.push({ table, row });
          return { error: null };
        },
        update: (values: Record<string, unknown>) => ({
          eq: async (column: string, value: unknown) => {
            log.push(`update ${table} ${Object.keys(values).join(',')} where ${column}=${String(value)}`);
            return { error: null };
          },
        }),
        select: (column: string) => ({
          eq: async (col: string, value: unknown) => {
            log.push(`select ${table}.${column} where ${col}=${String(value)}`);
            return { data: roles.map((role) => ({ role })), error: null };
          },
        }),
      };
    },
  };
  return {
    client: client as unknown as Supabase,
    log,
    inserts,
    /** supabase-js re-emits SIGNED_IN when it restores or refreshes a session (e.g. tab focus). */
    reemitSignedIn: () => emit('SIGNED_IN'),
    /** A second factor verified: supabase-js emits MFA_CHALLENGE_VERIFIED with the aal2 session. */
    verifySecondFactor: () => {
      session = { ...(session as object), access_token: 'aal2-token' };
      emit('MFA_CHALLENGE_VERIFIED');
    },
  };
}

function wrapperFor(client: Supabase) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <AuthProvider getClient={async () => client}>{children}</AuthProvider>;
  };
}

describe('useAuth', () => {
  it('throws a clear error outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });
});

describe('AuthProvider', () => {
  it('on a password sign-in writes USER_LOGIN, sets last_login_at and loads the role', async () => {
    const fake = fakeClient({ roles: ['parent', 'admin'] });
    const { result } = renderHook(() => useAuth(), { wrapper: wrapperFor(fake.client) });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.user).toBeNull();

    await act(() => result.current.signIn('u1@example.com', 'right'));
    await waitFor(() => expect(result.current.roleLoading).toBe(false));
    expect(result.current.user?.id).toBe('u1');
    expect(result.current.role).toBe('admin');
    expect(result.current).toMatchObject({ isAdmin: true, isCoach: false, isAdminOrCoach: true });
    await waitFor(() =>
      expect(fake.inserts).toContainEqual({
        table: 'audit_logs',
        row: { actor_user_id: 'u1', action: 'USER_LOGIN', entity_type: 'auth', entity_id: 'u1' },
      }),
    );
    expect(fake.log).toContain('update profiles last_login_at where id=u1');
    expect(fake.log).toContain('select user_roles.role where user_id=u1');
  });

  it('signs a child in through the child-sign-in function and holds the session it answers', async () => {
    const fake = fakeClient({ roles: ['child'] });
    const { result } = renderHook(() => useAuth(), { wrapper: wrapperFor(fake.client) });
    await waitFor(() => expect(result.current.loading).toBe(false));

    await expect(result.current.signInChild('mia', '00000000')).rejects.toMatchObject({
      message: 'Invalid login credentials',
      code: 'invalid_credentials',
      status: 400,
    });
    expect(result.current.user).toBeNull();

    await act(() => result.current.signInChild('mia', '27182818'));
    await waitFor(() => expect(result.current.role).toBe('child'));
    expect(result.current.user?.id).toBe('child1');
    expect(fake.log).toEqual(
      expect.arrayContaining(['invoke child-sign-in mia', 'setSession child-at child-rt']),
    );
    expect(fake.log.filter((line) => line.startsWith('signIn '))).toEqual([]);
    await waitFor(() =>
      expect(fake.inserts).toContainEqual({
        table: 'audit_logs',
        row: { actor_user_id: 'child1', action: 'USER_LOGIN', entity_type: 'auth', entity_id: 'child1' },
      }),
    );
  });

  it("loads no auth client for a signed-out visitor's page, and follows a sign-in made in another tab", async () => {
    const fake = fakeClient({ storedUserId: 'u3' });
    let loads = 0;
    const getClient = async () => {
      loads += 1;
      return fake.client;
    };
    const { result } = renderHook(() => useAuth(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <AuthProvider getClient={getClient}>{children}</AuthProvider>
      ),
    });
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(result.current).toMatchObject({ loading: false, user: null });
    expect(loads).toBe(0);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: 'x' }));
    });
    expect(loads).toBe(0);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: sessionStorageKey(), newValue: '{}' }));
    });
    await waitFor(() => expect(result.current.user?.id).toBe('u3'));
    expect(loads).toBe(1);
  });

  it('on a signed-in screen opened directly, loads the auth client once that screen has drawn its data', async () => {
    vi.resetModules();
    const supabaseModule = await import('@/lib/supabase');
    const { AuthProvider: Provider } = await import('../components/auth-provider');
    const { useAuth: useAuthHere } = await import('../hooks/use-auth');
    window.localStorage.setItem(sessionStorageKey(), '{}');
    supabaseModule.holdForFirstScreen();
    const fake = fakeClient({ storedUserId: 'u4' });
    let loads = 0;
    const getClient = async () => {
      loads += 1;
      return fake.client;
    };
    try {
      const { result } = renderHook(() => useAuthHere(), {
        wrapper: ({ children }: { children: ReactNode }) => (
          <Provider getClient={getClient}>{children}</Provider>
        ),
      });
      await act(() => new Promise((r) => setTimeout(r, 20)));
      // Still checking (the guard draws from what the browser holds meanwhile), and no client yet.
      expect(result.current.loading).toBe(true);
      expect(loads).toBe(0);
      act(() => supabaseModule.firstScreenDrawn());
      await waitFor(() => expect(result.current.user?.id).toBe('u4'));
      expect(loads).toBe(1);
    } finally {
      window.localStorage.clear();
    }
  });

  it('keeps the same value when a check finds what it already knew (no re-render of the page)', async () => {
    // A new value would re-render every consumer and force the page's sections that are still
    // hydrating to be drawn again on the client.
    const fake = fakeClient();
    const values: unknown[] = [];
    const { result } = renderHook(
      () => {
        const auth = useAuth();
        values.push(auth);
        return auth;
      },
      { wrapper: wrapperFor(fake.client) },
    );
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: sessionStorageKey(), newValue: '{}' }));
    });
    // The client loads and reports no session, which the provider already knew.
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(result.current.loading).toBe(false);
    expect(new Set(values).size).toBe(1);
  });

  it('does not write a login record when a stored session is restored or refreshed', async () => {
    localStorage.setItem('sb-127-auth-token', '{}');
    const fake = fakeClient({ storedUserId: 'u2', roles: ['coach'] });
    const { result } = renderHook(() => useAuth(), { wrapper: wrapperFor(fake.client) });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.role).toBe('coach'));
    act(() => fake.reemitSignedIn());
    await new Promise((r) => setTimeout(r, 10));
    expect(fake.inserts.filter((i) => i.table === 'audit_logs')).toEqual([]);
    expect(result.current.isCoach).toBe(true);
    localStorage.clear();
  });

  it('hands Realtime the aal2 token once the second factor is verified (staff join the room)', async () => {
    const fake = fakeClient({ roles: ['coach'] });
    const { result } = renderHook(() => useAuth(), { wrapper: wrapperFor(fake.client) });
    await act(() => result.current.signIn('u1@example.com', 'right'));
    await waitFor(() => expect(result.current.role).toBe('coach'));
    expect(fake.log.filter((line) => line.startsWith('realtime'))).toEqual([]);
    act(() => fake.verifySecondFactor());
    expect(fake.log).toContain('realtime.setAuth aal2-token');
  });

  it('passes a failed sign-in through and writes nothing', async () => {
    const fake = fakeClient();
    const { result } = renderHook(() => useAuth(), { wrapper: wrapperFor(fake.client) });
    await expect(result.current.signIn('u1@example.com', 'wrong')).rejects.toThrow(
      'Invalid login credentials',
    );
    expect(fake.inserts).toEqual([]);
  });

  it('on sign-out writes USER_LOGOUT while still signed in, then clears the user and role', async () => {
    const fake = fakeClient({ roles: ['parent'] });
    const { result } = renderHook(() => useAuth(), { wrapper: wrapperFor(fake.client) });
    await act(() => result.current.signIn('u1@example.com', 'right'));
    await waitFor(() => expect(result.current.role).toBe('parent'));
    await act(() => result.current.signOut());
    expect(fake.log.indexOf('insert audit_logs USER_LOGOUT')).toBeGreaterThan(-1);
    expect(fake.log.indexOf('insert audit_logs USER_LOGOUT')).toBeLessThan(fake.log.indexOf('auth.signOut'));
    expect(result.current).toMatchObject({ user: null, session: null, role: null, isAdmin: false });
  });

  it('renders its children at once for a signed-out visitor', () => {
    const fake = fakeClient();
    render(
      <AuthProvider getClient={() => new Promise<Supabase>(() => undefined).then(() => fake.client)}>
        <p>page</p>
      </AuthProvider>,
    );
    expect(screen.getByText('page')).toBeInTheDocument();
  });
});
