import { describe, expect, it, vi } from 'vitest';

const signOut = vi.fn(() => Promise.resolve({ error: null }));
vi.mock('../supabase', () => ({
  loadedSupabase: () => ({ auth: { signOut } }),
}));

const { queryClient, clearCacheOnPersonChange } = await import('../query-client');
const { notifyManager, QueryClient, QueryObserver } = await import('@tanstack/react-query');

describe('the query client', () => {
  it('drops the session held here when the Data API says it has ended, without retrying', async () => {
    let calls = 0;
    const ended = Object.assign(new Error('Your session has ended'), { code: 'PT401' });
    await expect(
      queryClient.fetchQuery({
        queryKey: ['ended'],
        queryFn: () => {
          calls += 1;
          return Promise.reject(ended);
        },
      }),
    ).rejects.toBe(ended);
    expect(calls).toBe(1);
    expect(signOut).toHaveBeenCalledWith({ scope: 'local' });
  });

  it('keeps the session on any other error', async () => {
    signOut.mockClear();
    const denied = Object.assign(new Error('permission denied'), { code: '42501' });
    await expect(
      queryClient.fetchQuery({ queryKey: ['denied'], queryFn: () => Promise.reject(denied), retry: false }),
    ).rejects.toBe(denied);
    expect(signOut).not.toHaveBeenCalled();
  });
});

describe("the cache of a person's answers", () => {
  type Listener = (event: string, session: { user: { id: string } } | null) => void;
  function fakeAuth() {
    let listener: Listener = () => undefined;
    const supabase = {
      auth: {
        onAuthStateChange: (callback: Listener) => {
          listener = callback;
          return { data: { subscription: { unsubscribe: () => undefined } } };
        },
      },
    };
    return {
      supabase,
      emit: (event: string, id: string | null) => listener(event, id ? { user: { id } } : null),
    };
  }

  it('is emptied when the person signs out, and when another person signs in in their place', () => {
    const client = new QueryClient();
    const { supabase, emit } = fakeAuth();
    clearCacheOnPersonChange(supabase as never, client);

    emit('INITIAL_SESSION', 'parent-a');
    client.setQueryData(['family', 'dashboard'], { child: 'Mia' });
    emit('TOKEN_REFRESHED', 'parent-a');
    expect(client.getQueryData(['family', 'dashboard'])).toEqual({ child: 'Mia' });

    emit('SIGNED_OUT', null);
    expect(client.getQueryData(['family', 'dashboard'])).toBeUndefined();

    emit('SIGNED_IN', 'parent-a');
    client.setQueryData(['family', 'dashboard'], { child: 'Mia' });
    emit('SIGNED_IN', 'parent-b');
    expect(client.getQueryData(['family', 'dashboard'])).toBeUndefined();
  });

  it("keeps a signed-out visitor's public answers when they sign in", () => {
    const client = new QueryClient();
    const { supabase, emit } = fakeAuth();
    clearCacheOnPersonChange(supabase as never, client);
    emit('INITIAL_SESSION', null);
    client.setQueryData(['flags'], { signups: true });
    emit('SIGNED_IN', 'parent-a');
    expect(client.getQueryData(['flags'])).toEqual({ signups: true });
  });

  it("tells a screen of a cache change within the same task, so the change's own frame paints it", async () => {
    const client = new QueryClient();
    client.setQueryData(['lead'], { status: 'new' });
    const observer = new QueryObserver(client, { queryKey: ['lead'], enabled: false });
    const seen: unknown[] = [];
    // As useQuery subscribes: through notifyManager.batchCalls.
    const unsubscribe = observer.subscribe(notifyManager.batchCalls((result) => seen.push(result.data)));
    let timeoutRan = false;
    setTimeout(() => {
      timeoutRan = true;
    }, 0);
    client.setQueryData(['lead'], { status: 'contacted' });
    await Promise.resolve();
    await Promise.resolve();
    expect(timeoutRan).toBe(false);
    expect(seen).toEqual([{ status: 'contacted' }]);
    unsubscribe();
  });
});
