import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

/** The channel the page joins: the test completes its join (and any rejoin) by hand. */
const joined: { status?: (status: string) => void; topic?: string } = {};
const fakeChannel = {
  on: () => fakeChannel,
  subscribe(callback: (status: string) => void) {
    joined.status = callback;
    return fakeChannel;
  },
};
vi.mock('@/lib/supabase', () => ({
  afterFirstScreen: () => Promise.resolve(),
  getSupabase: () =>
    Promise.resolve({
      channel: (topic: string) => {
        joined.topic = topic;
        return fakeChannel;
      },
      removeChannel: vi.fn(),
    }),
}));

const { followChannel } = await import('../hooks/follow-channel');

describe('followChannel', () => {
  it('reads the messages again once joined, and after each reconnect', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const stop = followChannel(queryClient, 'conversation:f1', (channel) => channel);
    await vi.waitFor(() => expect(joined.status).toBeDefined());
    expect(joined.topic).toBe('conversation:f1');
    expect(invalidate).not.toHaveBeenCalled();

    // A message sent between the screen's first read and the join reached no one: read again.
    joined.status!('SUBSCRIBED');
    expect(invalidate).toHaveBeenCalledTimes(1);
    joined.status!('CHANNEL_ERROR');
    expect(invalidate).toHaveBeenCalledTimes(1);
    joined.status!('SUBSCRIBED');
    expect(invalidate).toHaveBeenCalledTimes(2);
    stop();
  });
});
