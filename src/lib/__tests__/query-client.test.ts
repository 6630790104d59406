import { describe, expect, it, vi } from 'vitest';

const signOut = vi.fn(() => Promise.resolve({ error: null }));
vi.mock('../supabase', () => ({ loadedSupabase: () => ({ auth: { signOut } }) }));

const { queryClient } = await import('../query-client');

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
