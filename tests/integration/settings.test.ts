import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, anonClient, serviceClient, signedInClient } from '../support/stack.ts';
import { uniqueName, waitFor, watchChanges } from './realtime-support.ts';

/**
 * /admin/settings and /admin/audit-logs through supabase-js: a flag flipped by an admin reaches an
 * open visitor page within a second and is audited with the admin as actor; the team settings are
 * changed by admins and read by the functions (service role); the audit screen filters and pages
 * on the server.
 */

let admin: Awaited<ReturnType<typeof signedInClient>>;
let visitor: SupabaseClient;

beforeAll(async () => {
  admin = await signedInClient({ firstName: 'Sett', lastName: 'Ings' });
  const db = await adminDb();
  try {
    await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [admin.userId]);
  } finally {
    await db.end();
  }
  visitor = anonClient();
});

afterAll(async () => {
  await visitor.removeAllChannels();
  const db = await adminDb();
  try {
    await db.query(`update public.feature_flags set enabled = true where key = 'signup_enabled'`);
    await db.query(
      `update public.app_settings set team_notification_email = 'team@ploom.local', reply_within_hours = 24`,
    );
    await db.query(`delete from public.user_roles where user_id = $1`, [admin.userId]);
  } finally {
    await db.end();
  }
});

describe('feature flags', () => {
  it('an admin flips signup_enabled: an open page hears it within a second; the change is audited', async () => {
    const { changes } = await watchChanges(visitor, uniqueName('settings'), [
      { event: 'UPDATE', table: 'feature_flags', filter: 'key=eq.signup_enabled' },
    ]);
    const sentAt = Date.now();
    const { error } = await admin.client
      .from('feature_flags')
      .update({ enabled: false })
      .eq('key', 'signup_enabled');
    expect(error).toBeNull();
    const change = await waitFor(() => changes[0], 3000, 'the flag change');
    expect(change.new).toMatchObject({ key: 'signup_enabled', enabled: false });
    expect(change.receivedAt - sentAt).toBeLessThan(1000);

    const { data } = await admin.client
      .from('audit_log_entries')
      .select('action, entity_type, entity_id, actor_user_id, actor_email, actor_first_name, metadata')
      .eq('actor_user_id', admin.userId)
      .eq('action', 'FLAG_UPDATED');
    expect(data).toEqual([
      {
        action: 'FLAG_UPDATED',
        entity_type: 'feature_flag',
        entity_id: 'signup_enabled',
        actor_user_id: admin.userId,
        actor_email: admin.email,
        actor_first_name: 'Sett',
        metadata: { changes: { enabled: { from: true, to: false } } },
      },
    ]);
    await admin.client.from('feature_flags').update({ enabled: true }).eq('key', 'signup_enabled');
  });

  it('a parent cannot change a flag (no row changes)', async () => {
    const parent = await signedInClient();
    const { data, error } = await parent.client
      .from('feature_flags')
      .update({ enabled: false })
      .eq('key', 'signup_enabled')
      .select();
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});

describe('team settings', () => {
  it('an admin changes them; the functions read them through team_settings(); a bad value is a 400', async () => {
    const saved = await admin.client
      .from('app_settings')
      .update({ team_notification_email: 'hello@ploom.example', reply_within_hours: 12 })
      .eq('id', 'team')
      .select('team_notification_email, reply_within_hours, updated_by')
      .single();
    expect(saved.data).toEqual({
      team_notification_email: 'hello@ploom.example',
      reply_within_hours: 12,
      updated_by: admin.userId,
    });
    const forFunctions = await serviceClient().rpc('team_settings').single();
    expect(forFunctions.data).toEqual({
      team_notification_email: 'hello@ploom.example',
      reply_within_hours: 12,
    });

    const bad = await admin.client.from('app_settings').update({ reply_within_hours: 0 }).eq('id', 'team');
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('23514');

    const parent = await signedInClient();
    expect((await parent.client.from('app_settings').select()).data).toEqual([]);
    expect((await parent.client.rpc('team_settings')).error?.code).toBe('42501');
  });
});

describe('the audit log screen', () => {
  it('filters by actor, action, entity type and date range, newest first, a page at a time with the total', async () => {
    // Entries from this moment on (the database and the test share the machine's clock).
    const since = new Date().toISOString();
    for (const enabled of [false, true, false, true]) {
      await admin.client.from('feature_flags').update({ enabled }).eq('key', 'signup_enabled');
    }
    const query = () =>
      admin.client
        .from('audit_log_entries')
        .select('action, metadata', { count: 'exact' })
        .eq('actor_user_id', admin.userId)
        .eq('action', 'FLAG_UPDATED')
        .eq('entity_type', 'feature_flag')
        .gte('created_at', since)
        .lte('created_at', new Date(Date.now() + 60_000).toISOString())
        .order('created_at', { ascending: false })
        .order('id');
    const first = await query().range(0, 1);
    expect(first.count).toBe(4);
    expect(
      first.data?.map((e) => (e.metadata as { changes: { enabled: { to: boolean } } }).changes.enabled.to),
    ).toEqual([true, false]);
    const last = await query().range(2, 3);
    expect(last.data).toHaveLength(2);

    const facets = await admin.client.rpc('audit_log_facets').eq('action', 'FLAG_UPDATED');
    expect(facets.data?.[0]).toMatchObject({ action: 'FLAG_UPDATED', entity_type: 'feature_flag' });
  });
});
