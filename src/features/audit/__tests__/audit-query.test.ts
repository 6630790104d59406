import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import type { Database } from '@/types/database';
import { fetchAuditPage } from '../lib/audit-query';

/** A supabase-js stand-in that records what the log asked for: the select's options and the rpc. */
function recordingClient() {
  const calls: { selectOptions?: unknown; rpc?: [string, unknown] } = {};
  const b: Record<string, unknown> = {};
  b.select = (_columns: string, options: unknown) => {
    calls.selectOptions = options;
    return b;
  };
  for (const step of ['is', 'eq', 'gte', 'lt', 'order']) b[step] = () => b;
  b.range = () => Promise.resolve({ data: [], error: null, count: 3 });
  const client = {
    from: () => b,
    rpc: (name: string, args: unknown) => {
      calls.rpc = [name, args];
      return Promise.resolve({ data: 40098, error: null });
    },
  } as unknown as SupabaseClient<Database>;
  return { client, calls };
}

const none = { actor: '', action: '', entityType: '' };

describe('the audit log’s count (docs/decisions/213)', () => {
  it('an entity type, an action or "System" is counted by audit_log_count', async () => {
    const { client, calls } = recordingClient();
    expect((await fetchAuditPage(client, { ...none, entityType: 'lead' }, 1, 25)).total).toBe(40098);
    expect(calls.rpc).toEqual(['audit_log_count', { entity_type: 'lead' }]);
    expect(calls.selectOptions).toEqual({});

    const system = recordingClient();
    await fetchAuditPage(system.client, { ...none, actor: 'system', action: 'USER_LOGIN' }, 2, 25);
    expect(system.calls.rpc).toEqual(['audit_log_count', { action: 'USER_LOGIN', system_only: true }]);
  });

  it('a named actor or a date is counted with the page', async () => {
    for (const filters of [
      { ...none, actor: 'user-1' },
      { ...none, since: '2026-11-20T00:00:00Z' },
    ]) {
      const { client, calls } = recordingClient();
      expect((await fetchAuditPage(client, filters, 1, 25)).total).toBe(3);
      expect(calls.rpc).toBeUndefined();
      expect(calls.selectOptions).toEqual({ count: 'exact' });
    }
  });
});
