import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminDb, anonClient } from '../support/stack.ts';
import { sleep, uniqueName, waitFor, watchChanges } from './realtime-support.ts';

/**
 * The product's own use of Realtime: an open page follows the `signup_enabled` flag, so turning
 * sign-up off in the admin settings hides Login / Get Started for visitors within a second.
 */

let db: pg.Client;
let visitor: SupabaseClient;
let original: boolean;

beforeAll(async () => {
  db = await adminDb();
  const { rows } = await db.query<{ enabled: boolean }>(
    `select enabled from public.feature_flags where key = 'signup_enabled'`,
  );
  original = rows[0]!.enabled;
  await db.query(
    `insert into public.feature_flags (key, enabled, description)
     values ('rt_test_other_flag', false, 'a flag no visitor page listens to')
     on conflict (key) do nothing`,
  );
  visitor = anonClient();
});

afterAll(async () => {
  await visitor.removeAllChannels();
  await db.query(`update public.feature_flags set enabled = $1 where key = 'signup_enabled'`, [original]);
  await db.query(`delete from public.feature_flags where key = 'rt_test_other_flag'`);
  await db.end();
});

describe('feature flags over Realtime', () => {
  it('tells a visitor’s page the new signup_enabled within a second, and only that flag', async () => {
    const { changes } = await watchChanges(visitor, uniqueName('flags'), [
      { event: 'UPDATE', table: 'feature_flags', filter: 'key=eq.signup_enabled' },
    ]);

    await db.query(`update public.feature_flags set enabled = true where key = 'rt_test_other_flag'`);
    for (const enabled of [!original, original]) {
      const before = changes.length;
      const started = Date.now();
      await db.query(`update public.feature_flags set enabled = $1 where key = 'signup_enabled'`, [enabled]);
      const change = await waitFor(() => changes[before], 2000, 'the flag change');
      expect(change.receivedAt - started).toBeLessThan(1000);
      expect(change.eventType).toBe('UPDATE');
      expect(change.new).toMatchObject({ key: 'signup_enabled', enabled });
    }
    await sleep(100);
    expect(changes.map((c) => (c.new as { key: string }).key)).toEqual(['signup_enabled', 'signup_enabled']);
  });
});
