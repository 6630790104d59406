import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Supabase } from '@/lib/supabase';
import { useSignupEnabled } from '../hooks/use-signup-enabled';

type Row = { enabled: boolean } | null;

/** A fake client holding the flag's row: answers the select and lets the test push Realtime changes. */
function fakeClient(initial: Row, options: { fail?: boolean; joinLater?: boolean } = {}) {
  let row = initial;
  const calls: {
    table?: string;
    column?: string;
    eq?: [string, unknown];
    filter?: unknown;
    selects: number;
  } = {
    selects: 0,
  };
  let onChange: (() => void) | undefined;
  let onStatus: ((status: string) => void) | undefined;
  const removeChannel = vi.fn(async () => 'ok');
  const client = {
    from(table: string) {
      calls.table = table;
      return {
        select(column: string) {
          calls.column = column;
          return {
            eq(col: string, value: unknown) {
              calls.eq = [col, value];
              return {
                maybeSingle: async () => {
                  calls.selects += 1;
                  return options.fail
                    ? { data: null, error: { message: 'boom' } }
                    : { data: row, error: null };
                },
              };
            },
          };
        },
      };
    },
    channel() {
      const channel = {
        on(_type: string, filter: unknown, handler: () => void) {
          calls.filter = filter;
          onChange = handler;
          return channel;
        },
        subscribe(callback: (status: string) => void) {
          onStatus = callback;
          if (!options.joinLater) callback('SUBSCRIBED');
          return channel;
        },
      };
      return channel;
    },
    removeChannel,
  };
  return {
    client: client as unknown as Supabase,
    calls,
    removeChannel,
    /** The row changes in the database and Realtime reports it. */
    change(next: Row) {
      row = next;
      onChange?.();
    },
    /** The row changes while no channel is joined: Realtime reports nothing. */
    changeUnseen(next: Row) {
      row = next;
    },
    /** The channel's join (or a reconnect) completes. */
    join: () => onStatus?.('SUBSCRIBED'),
  };
}

const runNow = (task: () => void) => {
  task();
  return () => undefined;
};

function renderProbe(fake: { client: Supabase } | { getClient: () => Promise<Supabase> }) {
  const getClient = 'client' in fake ? async () => fake.client : fake.getClient;
  function Probe() {
    const { enabled, loading } = useSignupEnabled({ getClient, defer: runNow });
    return <p>{loading ? 'unknown' : enabled ? 'open' : 'closed'}</p>;
  }
  const queryClient = new QueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <Probe />
    </QueryClientProvider>,
  );
}

describe('useSignupEnabled', () => {
  it('reads the signup_enabled row, then follows its changes live', async () => {
    const fake = fakeClient({ enabled: true });
    const view = renderProbe(fake);
    expect(screen.getByText('unknown')).toBeInTheDocument();
    expect(await screen.findByText('open')).toBeInTheDocument();
    expect(fake.calls).toMatchObject({
      table: 'feature_flags',
      column: 'enabled',
      eq: ['key', 'signup_enabled'],
      filter: { event: '*', schema: 'public', table: 'feature_flags', filter: 'key=eq.signup_enabled' },
    });

    act(() => fake.change({ enabled: false }));
    expect(await screen.findByText('closed')).toBeInTheDocument();
    act(() => fake.change({ enabled: true }));
    expect(await screen.findByText('open')).toBeInTheDocument();
    act(() => fake.change(null));
    expect(await screen.findByText('closed')).toBeInTheDocument();

    // The channel outlives its last reader for a few seconds (a navigation remounts the nav).
    vi.useFakeTimers();
    try {
      view.unmount();
      expect(fake.removeChannel).not.toHaveBeenCalled();
      vi.advanceTimersByTime(5000);
      expect(fake.removeChannel).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps one read and one channel for readers that follow one another, reads again after a pause', async () => {
    const fake = fakeClient({ enabled: true });
    let channels = 0;
    const channel = fake.client.channel.bind(fake.client);
    fake.client.channel = ((...args: Parameters<Supabase['channel']>) => {
      channels += 1;
      return channel(...args);
    }) as Supabase['channel'];
    // One client for every reader, as on the site.
    const getClient = async () => fake.client;
    const first = renderProbe({ getClient });
    expect(await screen.findByText('open')).toBeInTheDocument();
    first.unmount();
    // The first page read it, and read it again once its channel had joined. The next page's nav
    // knows it at once, without another read or channel.
    await vi.waitFor(() => expect(fake.calls.selects).toBe(2));
    const second = renderProbe({ getClient });
    expect(screen.getByText('open')).toBeInTheDocument();
    expect(fake.calls.selects).toBe(2);
    expect(channels).toBe(1);

    vi.useFakeTimers();
    try {
      second.unmount();
      vi.advanceTimersByTime(5000);
    } finally {
      vi.useRealTimers();
    }
    expect(fake.removeChannel).toHaveBeenCalledTimes(1);
    // Nobody followed the flag for a while: it is read again, and followed on a new channel.
    renderProbe({ getClient });
    await vi.waitFor(() => expect(fake.calls.selects).toBe(4));
    expect(channels).toBe(2);
  });

  it('reads again after Realtime reconnects (changes made while offline were missed)', async () => {
    const fake = fakeClient({ enabled: false });
    renderProbe(fake);
    expect(await screen.findByText('closed')).toBeInTheDocument();
    // The first read, and the read once joined.
    await vi.waitFor(() => expect(fake.calls.selects).toBe(2));
    const before = fake.calls.selects;
    act(() => {
      fake.change({ enabled: true });
    });
    expect(await screen.findByText('open')).toBeInTheDocument();
    act(() => fake.join());
    await vi.waitFor(() => expect(fake.calls.selects).toBe(before + 2));
  });

  it('reads again once its channel has joined: a change before the join is not missed', async () => {
    const fake = fakeClient({ enabled: false }, { joinLater: true });
    renderProbe(fake);
    expect(await screen.findByText('closed')).toBeInTheDocument();
    // Switched on after the page's read, before its channel joined: no change reaches the page.
    fake.changeUnseen({ enabled: true });
    act(() => fake.join());
    expect(await screen.findByText('open')).toBeInTheDocument();
  });

  it('treats a load error as disabled', async () => {
    renderProbe(fakeClient({ enabled: true }, { fail: true }));
    expect(await screen.findByText('closed')).toBeInTheDocument();
  });

  it('treats a missing row as disabled', async () => {
    renderProbe(fakeClient(null));
    expect(await screen.findByText('closed')).toBeInTheDocument();
  });

  it('is disabled while unknown', () => {
    renderProbe({ getClient: () => new Promise(() => {}) });
    expect(screen.getByText('unknown')).toBeInTheDocument();
  });
});
