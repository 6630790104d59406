import { describe, expect, it, vi } from 'vitest';
import type { Supabase } from '@/lib/supabase';
import { getIceServers } from '../api/get-ice-servers';

/** A client whose functions.invoke answers as given, recording what it was asked. */
function clientAnswering(answer: { data: unknown; error: unknown }) {
  const invoke = vi.fn(() => Promise.resolve(answer));
  const client = { functions: { invoke } } as unknown as Supabase;
  return { invoke, getClient: () => Promise.resolve(client) };
}

describe('the room asks the ice-servers function for its STUN/TURN servers', () => {
  it("uses the function's servers, with short-lived TURN credentials, for this session", async () => {
    const turn = { urls: ['turns:turn.ploom.example:443'], username: '1767225600:u', credential: 'c2VjcmV0' };
    const { invoke, getClient } = clientAnswering({ data: { iceServers: [turn] }, error: null });
    expect(await getIceServers('s-1', getClient)).toEqual([turn]);
    expect(invoke).toHaveBeenCalledWith('ice-servers', { body: { session_id: 's-1' } });
  });

  it('goes on with the build-time list (none here) when the function fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { getClient } = clientAnswering({ data: null, error: new Error('403') });
    expect(await getIceServers('s-1', getClient)).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
