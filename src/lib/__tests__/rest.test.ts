import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldSessionKey } from '../held-session';

const supabase = vi.hoisted(() => ({
  loaded: undefined as unknown,
  getSupabase: vi.fn(),
}));
vi.mock('../supabase', () => ({
  getSupabase: supabase.getSupabase,
  loadedSupabase: () => supabase.loaded,
}));

/** A supabase-js client whose session carries `token` for `userId` (none when null). */
function clientWith(token: string | null, userId = 'u1') {
  const session = token ? { access_token: token, user: { id: userId } } : null;
  return { auth: { getSession: vi.fn(async () => ({ data: { session } })) } };
}

function hold(token: string, expiresInSeconds: number, userId = 'u1') {
  window.localStorage.setItem(
    heldSessionKey(),
    JSON.stringify({
      access_token: token,
      expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
      user: { id: userId },
    }),
  );
}

const fetchMock = vi.fn(async (...args: unknown[]) => {
  void args;
  return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
});

/** The Authorization header of the n-th request the client made. */
const authorization = (n = 0) =>
  new Headers((fetchMock.mock.calls[n][1] as RequestInit).headers).get('Authorization');

async function freshRest() {
  vi.resetModules();
  return import('../rest');
}

beforeEach(() => {
  window.localStorage.clear();
  supabase.loaded = undefined;
  supabase.getSupabase.mockReset();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the REST client for reads', () => {
  it('reads with the token the browser holds, without loading supabase-js', async () => {
    hold('held-token', 3600);
    const { getRest, signedInUserId } = await freshRest();
    const { error } = await getRest().from('children').select('id');
    expect(error).toBeNull();
    expect(authorization()).toBe('Bearer held-token');
    expect(new Headers((fetchMock.mock.calls[0][1] as RequestInit).headers).get('apikey')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toContain('/rest/v1/children?select=id');
    expect(await signedInUserId()).toBe('u1');
    expect(supabase.getSupabase).not.toHaveBeenCalled();
  });

  it('waits for supabase-js (which refreshes it) when the held token is out of date', async () => {
    hold('old-token', 5);
    supabase.getSupabase.mockResolvedValue(clientWith('refreshed-token'));
    const { getRest } = await freshRest();
    await getRest().rpc('family_messages_unread');
    expect(supabase.getSupabase).toHaveBeenCalled();
    expect(authorization()).toBe('Bearer refreshed-token');
  });

  it("uses supabase-js's session once it has loaded (a new sign-in, a two-factor step, a refresh)", async () => {
    hold('held-token', 3600);
    supabase.loaded = clientWith('current-token', 'u2');
    const { getRest, signedInUserId } = await freshRest();
    await getRest().from('children').select('id');
    expect(authorization()).toBe('Bearer current-token');
    expect(await signedInUserId()).toBe('u2');
  });

  it('reads as the public (anon key) when nobody is signed in', async () => {
    supabase.getSupabase.mockResolvedValue(clientWith(null));
    const { getRest, signedInUserId } = await freshRest();
    await getRest().from('consent_notices').select('id');
    const key = new Headers((fetchMock.mock.calls[0][1] as RequestInit).headers).get('apikey');
    expect(authorization()).toBe(`Bearer ${key}`);
    expect(await signedInUserId()).toBeUndefined();
  });
});
