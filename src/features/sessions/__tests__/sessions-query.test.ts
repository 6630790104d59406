import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import type { Database } from '@/types/database';
import { fetchSessionsPage } from '../lib/sessions-query';

/** A supabase-js stand-in that records what the list asked for: the select's options, filters, rpc. */
function recordingClient() {
  const calls: { selectOptions?: unknown; filters: string[]; rpc?: [string, unknown] } = { filters: [] };
  const page = { data: [], error: null, count: 7 };
  const b: Record<string, unknown> = {};
  b.select = (_columns: string, options: unknown) => {
    calls.selectOptions = options;
    return b;
  };
  for (const step of ['gte', 'lt', 'eq', 'neq']) {
    b[step] = (column: string, value: unknown) => {
      calls.filters.push(`${column} ${step} ${String(value)}`);
      return b;
    };
  }
  b.order = () => b;
  b.range = () => Promise.resolve(page);
  const client = {
    from: () => b,
    rpc: (name: string, args: unknown) => {
      calls.rpc = [name, args];
      return Promise.resolve({ data: 128746, error: null });
    },
  } as unknown as SupabaseClient<Database>;
  return { client, calls };
}

describe('the sessions list’s count (docs/decisions/213)', () => {
  it('a status alone is counted by session_list_count, beside a page that counts nothing', async () => {
    const { client, calls } = recordingClient();
    const { total } = await fetchSessionsPage(client, { status: 'completed', page: 50 });
    expect(total).toBe(128746);
    expect(calls.rpc).toEqual(['session_list_count', { status: 'completed' }]);
    expect(calls.selectOptions).toEqual({});
    expect(calls.filters).toEqual(['status eq completed']);
  });

  it('no filter asks for every status', async () => {
    const { client, calls } = recordingClient();
    await fetchSessionsPage(client, {});
    expect(calls.rpc).toEqual(['session_list_count', {}]);
  });

  it('a date, a coach or a child is counted with the page', async () => {
    for (const filters of [
      { from: '2026-11-27T00:00:00Z' },
      { coachId: 'c1' },
      { childId: 'k1', status: 'active' },
    ]) {
      const { client, calls } = recordingClient();
      const { total } = await fetchSessionsPage(client, filters);
      expect(total).toBe(7);
      expect(calls.rpc).toBeUndefined();
      expect(calls.selectOptions).toEqual({ count: 'exact' });
    }
  });
});
