import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Supabase } from '@/lib/supabase';
import { createFlagStore, SIGNUP_FLAG_KEY } from '../api/signup-flag-store';
import { useSignupEnabled } from '../hooks/use-signup-enabled';

type ChangeHandler = (payload: { eventType: string; new: { enabled?: boolean } | null }) => void;

/** A fake client: answers the flag select and lets the test push Realtime changes. */
function fakeClient(answer: () => Promise<{ data: unknown; error: unknown }>) {
  const calls: { table?: string; column?: string; eq?: [string, unknown]; filter?: unknown } = {};
  let onChange: ChangeHandler | undefined;
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
              return { maybeSingle: answer };
            },
          };
        },
      };
    },
    channel() {
      const channel = {
        on(_type: string, filter: unknown, handler: ChangeHandler) {
          calls.filter = filter;
          onChange = handler;
          return channel;
        },
        subscribe() {
          return channel;
        },
        unsubscribe() {},
      };
      return channel;
    },
    removeChannel,
  };
  return {
    client: client as unknown as Supabase,
    calls,
    removeChannel,
    push: (payload: Parameters<ChangeHandler>[0]) => onChange?.(payload),
  };
}

function Probe({ store }: { store: ReturnType<typeof createFlagStore> }) {
  const { enabled, loading } = useSignupEnabled(store);
  return <p>{loading ? 'unknown' : enabled ? 'open' : 'closed'}</p>;
}

const runNow = (task: () => void) => {
  task();
  return () => undefined;
};

describe('useSignupEnabled', () => {
  it('reads the signup_enabled row, then follows its changes live', async () => {
    const fake = fakeClient(async () => ({ data: { enabled: true }, error: null }));
    const store = createFlagStore(SIGNUP_FLAG_KEY, { getClient: async () => fake.client, defer: runNow });
    render(<Probe store={store} />);
    expect(screen.getByText('unknown')).toBeInTheDocument();
    expect(await screen.findByText('open')).toBeInTheDocument();
    expect(fake.calls).toMatchObject({
      table: 'feature_flags',
      column: 'enabled',
      eq: ['key', 'signup_enabled'],
      filter: { event: '*', schema: 'public', table: 'feature_flags', filter: 'key=eq.signup_enabled' },
    });

    act(() => fake.push({ eventType: 'UPDATE', new: { enabled: false } }));
    expect(screen.getByText('closed')).toBeInTheDocument();
    act(() => fake.push({ eventType: 'UPDATE', new: { enabled: true } }));
    expect(screen.getByText('open')).toBeInTheDocument();
    act(() => fake.push({ eventType: 'DELETE', new: null }));
    expect(screen.getByText('closed')).toBeInTheDocument();
  });

  it('treats a load error as disabled', async () => {
    const fake = fakeClient(async () => ({ data: null, error: { message: 'boom' } }));
    const store = createFlagStore(SIGNUP_FLAG_KEY, { getClient: async () => fake.client, defer: runNow });
    render(<Probe store={store} />);
    expect(await screen.findByText('closed')).toBeInTheDocument();
  });

  it('treats a missing row as disabled', async () => {
    const fake = fakeClient(async () => ({ data: null, error: null }));
    const store = createFlagStore(SIGNUP_FLAG_KEY, { getClient: async () => fake.client, defer: runNow });
    render(<Probe store={store} />);
    expect(await screen.findByText('closed')).toBeInTheDocument();
  });

  it('is disabled while unknown', () => {
    const store = createFlagStore(SIGNUP_FLAG_KEY, { getClient: () => new Promise(() => {}), defer: runNow });
    function Enabled() {
      return <p>{String(useSignupEnabled(store).enabled)}</p>;
    }
    render(<Enabled />);
    expect(screen.getByText('false')).toBeInTheDocument();
  });
});
