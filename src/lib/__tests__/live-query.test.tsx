import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIVE_READ_GATHERS_MS, useLiveQuery } from '../live-query';
import type { RealtimeLike } from '../public-api';

/** A table of one number, a read of it, and a Realtime channel the test joins and feeds by hand. */
function fakeSource(initial: number) {
  let value = initial;
  let reads = 0;
  let onChange: (() => void) | undefined;
  let onStatus: ((status: string) => void) | undefined;
  const channel = {
    on(_type: string, _filter: unknown, handler: () => void) {
      onChange = handler;
      return channel;
    },
    subscribe(callback: (status: string) => void) {
      onStatus = callback;
      return channel;
    },
  };
  const client = {
    channel: () => channel,
    removeChannel: async () => 'ok',
  } as unknown as RealtimeLike;
  return {
    getClient: async () => client,
    read: async () => {
      reads += 1;
      return value;
    },
    reads: () => reads,
    /** The row changes while the channel has not joined (or is away): nothing is delivered. */
    changeUnseen(next: number) {
      value = next;
    },
    /** The row changes and Realtime delivers it. */
    change(next: number) {
      value = next;
      onChange?.();
    },
    /** The join (or a rejoin after a dropped connection) completes. */
    join: () => onStatus?.('SUBSCRIBED'),
    joined: () => onStatus !== undefined,
  };
}

const runNow = (task: () => void) => {
  task();
  return () => undefined;
};

function renderProbe(source: ReturnType<typeof fakeSource>) {
  function Probe() {
    const { data } = useQuery({ queryKey: ['probe'], queryFn: source.read });
    useLiveQuery(['probe'], { table: 'probe' }, { getClient: source.getClient, defer: runNow });
    return <p>{data === undefined ? 'loading' : `value ${data}`}</p>;
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <Probe />
    </QueryClientProvider>,
  );
}

describe('useLiveQuery', () => {
  it('reads again once its channel has joined: a change between the first read and the join is not missed', async () => {
    const source = fakeSource(1);
    renderProbe(source);
    expect(await screen.findByText('value 1')).toBeInTheDocument();
    await expect.poll(source.joined).toBe(true);
    source.changeUnseen(2);
    act(() => source.join());
    expect(await screen.findByText('value 2')).toBeInTheDocument();
  });

  it('follows delivered changes, and reads again after a reconnect', async () => {
    const source = fakeSource(1);
    renderProbe(source);
    expect(await screen.findByText('value 1')).toBeInTheDocument();
    await expect.poll(source.joined).toBe(true);
    act(() => source.join());
    await expect.poll(source.reads).toBe(2);

    act(() => source.change(3));
    expect(await screen.findByText('value 3')).toBeInTheDocument();

    source.changeUnseen(4);
    act(() => source.join());
    expect(await screen.findByText('value 4')).toBeInTheDocument();
  });

  it('reads once when the tables a screen follows join together, and once for changes that come together', async () => {
    // Billing follows two tables with one query: each has a channel of its own.
    let reads = 0;
    const onStatus: ((status: string) => void)[] = [];
    const onChange: (() => void)[] = [];
    const client = {
      channel: () => {
        const channel = {
          on(_type: string, _filter: unknown, handler: () => void) {
            onChange.push(handler);
            return channel;
          },
          subscribe(callback: (status: string) => void) {
            onStatus.push(callback);
            return channel;
          },
        };
        return channel;
      },
      removeChannel: async () => 'ok',
    } as unknown as RealtimeLike;
    const getClient = async () => client;
    function Probe() {
      const { data } = useQuery({ queryKey: ['billing'], queryFn: async () => ++reads });
      useLiveQuery(['billing'], { table: 'subscriptions' }, { getClient, defer: runNow });
      useLiveQuery(['billing'], { table: 'invoices' }, { getClient, defer: runNow });
      return <p>{data === undefined ? 'loading' : `read ${data}`}</p>;
    }
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('read 1')).toBeInTheDocument();
    await expect.poll(() => onStatus.length).toBe(2);

    act(() => onStatus[0]!('SUBSCRIBED'));
    act(() => onStatus[1]!('SUBSCRIBED'));
    expect(await screen.findByText('read 2')).toBeInTheDocument();

    act(() => onChange[0]!());
    act(() => onChange[1]!());
    expect(await screen.findByText('read 3')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, LIVE_READ_GATHERS_MS * 3));
    expect(reads).toBe(3);
  });
});
