import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, signedInClient } from '../support/stack.ts';

/**
 * A child's username is the family's data: once the family deletes itself, the audit trail keeps
 * that a login was created, renamed and removed, but no longer the names.
 */

let db: pg.Client;
beforeAll(async () => {
  db = await adminDb();
});
afterAll(async () => {
  await db?.end();
});

async function invoke(client: SupabaseClient, name: string, body: Record<string, unknown>) {
  const { data, error } = await client.functions.invoke(name, { body });
  if (error) {
    const response = (error as { context?: Response }).context;
    throw new Error(`${name} answered ${response?.status}: ${await response?.text()}`);
  }
  return data as Record<string, unknown>;
}

describe('deleting a family', () => {
  it("removes the child's username from the audit entries about its login, keeping the entries", async () => {
    const run = Date.now().toString(36);
    const first = `mia.${run}`;
    const second = `mia-star.${run}`;
    const parent = await signedInClient({ firstName: 'Pat', lastName: 'Family' });
    const { rows } = await db.query<{ id: string }>(
      `insert into public.children (parent_id, first_name, age_band) values ($1, 'Mia', '9') returning id`,
      [parent.userId],
    );
    const childId = rows[0].id;
    // As the family page does it: a login, then a new name.
    await invoke(parent.client, 'child-accounts', {
      action: 'create',
      child_id: childId,
      username: first,
      secret: 'sunny-day-42',
      secret_kind: 'password',
    });
    await invoke(parent.client, 'child-accounts', {
      action: 'update',
      child_id: childId,
      username: second,
      secret: 'blue-kite-sky',
      secret_kind: 'password',
    });
    const before = await db.query<{ action: string; metadata: unknown }>(
      `select action, metadata from public.audit_logs where entity_type = 'child' and entity_id = $1
        and action like 'CHILD_LOGIN_%' order by created_at`,
      [childId],
    );
    expect(JSON.stringify(before.rows)).toContain(first);

    expect(
      await invoke(parent.client, 'family-data', { action: 'delete', confirmation: 'DELETE' }),
    ).toMatchObject({ deleted: true, child_logins: 1 });

    const after = await db.query<{ action: string; metadata: unknown }>(
      `select action, metadata from public.audit_logs where entity_type = 'child' and entity_id = $1
        and action like 'CHILD_LOGIN_%' order by created_at`,
      [childId],
    );
    expect(after.rows.map((row) => row.action)).toEqual([
      'CHILD_LOGIN_CREATED',
      'CHILD_LOGIN_UPDATED',
      'CHILD_LOGIN_DELETED',
    ]);
    const everything = await db.query<{ text: string }>(
      `select coalesce(string_agg(metadata::text, ' '), '') as text from public.audit_logs
        where metadata::text like '%' || $1 || '%' or metadata::text like '%' || $2 || '%'`,
      [`.${run}`, `${run}@`],
    );
    expect(everything.rows[0].text).toBe('');
  });
});
