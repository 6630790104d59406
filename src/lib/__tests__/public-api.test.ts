import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const state = vi.hoisted(() => ({ signedIn: false }));

// A signed-in visitor has a stored session (and supabase-js loaded, which must not be waited for).
vi.mock('@/lib/stored-session', () => ({
  mightHaveSession: () => state.signedIn,
  storedAccessToken: () => (state.signedIn ? 'user-token' : undefined),
}));
vi.mock('@/lib/supabase', () => {
  const client = {
    from: () => {
      throw new Error('supabase-js fetch is cancelled with the page: not for rows that must survive it');
    },
  };
  return {
    getSupabase: () => Promise.resolve(client),
    loadedSupabase: () => (state.signedIn ? client : undefined),
  };
});

const { insertPublicRow } = await import('../public-api');
const { env } = await import('../env');

const row = {
  session_id: 'session_1_abc',
  event_type: 'page_view',
  page_path: '/pricing',
  referrer: null,
  user_agent: 'test',
  device_type: 'desktop',
  metadata: {},
} as const;

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 201 })));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  state.signedIn = false;
});

describe('insertPublicRow', () => {
  it("a visitor's row goes in a keepalive request (it survives a click away) with the anon key", async () => {
    const sent = insertPublicRow('web_analytics', row);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await sent;
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${env.supabaseUrl}/rest/v1/web_analytics`);
    expect(init).toMatchObject({ method: 'POST', keepalive: true, body: JSON.stringify(row) });
    expect(init.headers).toMatchObject({
      apikey: env.supabaseAnonKey,
      Authorization: `Bearer ${env.supabaseAnonKey}`,
    });
  });

  it("a signed-in visitor's row also survives the page, sent with their access token", async () => {
    state.signedIn = true;
    const sent = insertPublicRow('web_analytics', row);
    // Started in the caller's turn: a page being left (pagehide) still sends it.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await sent;
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.keepalive).toBe(true);
    expect(init.headers).toMatchObject({ apikey: env.supabaseAnonKey, Authorization: 'Bearer user-token' });
  });

  it('throws the API error of a refused row', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: '42501', message: 'denied' }), { status: 403 }),
    );
    await expect(insertPublicRow('web_analytics', row)).rejects.toMatchObject({
      code: '42501',
      status: 403,
    });
  });
});
