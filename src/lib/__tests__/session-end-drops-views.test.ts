import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_VIEW_KEY } from '../last-view-script';

/** supabase-js as a test holds it: loaded already, or still loading (then getSupabase loads it). */
const supabase = vi.hoisted(() => {
  const signOut = vi.fn(() => Promise.resolve({ error: null }));
  return { signOut, loaded: true, client: { auth: { signOut } } };
});
vi.mock('../supabase', () => ({
  loadedSupabase: () => (supabase.loaded ? supabase.client : undefined),
  getSupabase: () => Promise.resolve(supabase.client),
}));

const { queryClient, clearCacheOnPersonChange } = await import('../query-client');

/** The session ended elsewhere: what the Data API answers the token (PT401, HTTP 401). */
const ended = () => Object.assign(new Error('Your session has ended'), { code: 'PT401' });
const keepSomeViews = () =>
  window.localStorage.setItem(LAST_VIEW_KEY, JSON.stringify({ user: 'u1', session: 's1', views: {} }));
const kept = () => window.localStorage.getItem(LAST_VIEW_KEY);

beforeEach(() => {
  window.localStorage.clear();
  supabase.signOut.mockClear();
  keepSomeViews();
});

describe('the kept views go when the app finds the session ended (decision 230)', () => {
  it('on a read refused with PT401, and the session is dropped', async () => {
    await expect(
      queryClient.fetchQuery({ queryKey: ['refused-read'], queryFn: () => Promise.reject(ended()) }),
    ).rejects.toMatchObject({ code: 'PT401' });
    expect(kept()).toBeNull();
    expect(supabase.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });

  it('on a write refused with PT401', async () => {
    const observer = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () => Promise.reject(ended()),
    });
    await expect(observer.execute(undefined)).rejects.toMatchObject({ code: 'PT401' });
    expect(kept()).toBeNull();
  });

  it('on PT401 while supabase-js is still loading (a screen read with the held token): loaded to sign out', async () => {
    supabase.loaded = false;
    try {
      await expect(
        queryClient.fetchQuery({ queryKey: ['refused-early'], queryFn: () => Promise.reject(ended()) }),
      ).rejects.toMatchObject({ code: 'PT401' });
      expect(kept()).toBeNull();
      await vi.waitFor(() => expect(supabase.signOut).toHaveBeenCalledWith({ scope: 'local' }));
    } finally {
      supabase.loaded = true;
    }
  });

  it('not on any other refusal', async () => {
    const denied = Object.assign(new Error('permission denied'), { code: '42501' });
    await expect(
      queryClient.fetchQuery({ queryKey: ['denied'], queryFn: () => Promise.reject(denied), retry: false }),
    ).rejects.toBe(denied);
    const expired = Object.assign(new Error('JWT expired'), { code: 'PGRST301' });
    await expect(
      queryClient.fetchQuery({ queryKey: ['expired'], queryFn: () => Promise.reject(expired), retry: false }),
    ).rejects.toBe(expired);
    expect(kept()).not.toBeNull();
    expect(supabase.signOut).not.toHaveBeenCalled();
  });

  it('on SIGNED_OUT for any reason (sign-out, refresh refused), not on a refresh', () => {
    type Listener = (event: string, session: { user: { id: string } } | null) => void;
    let listener: Listener = () => undefined;
    const auth = {
      onAuthStateChange: (callback: Listener) => {
        listener = callback;
        return { data: { subscription: { unsubscribe: () => undefined } } };
      },
    };
    clearCacheOnPersonChange({ auth } as never, new QueryClient());
    listener('INITIAL_SESSION', { user: { id: 'u1' } });
    listener('TOKEN_REFRESHED', { user: { id: 'u1' } });
    expect(kept()).not.toBeNull();
    listener('SIGNED_OUT', null);
    expect(kept()).toBeNull();
  });
});
