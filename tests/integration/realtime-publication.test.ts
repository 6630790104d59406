import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import { demoAccounts } from '../../scripts/demo-accounts.ts';
import { adminDb, anonClient } from '../support/stack.ts';
import { sleep, uniqueName, waitFor, watchChanges } from './realtime-support.ts';

/**
 * Every table the site follows live is in the supabase_realtime publication: a subscription to a
 * table outside it is accepted and never delivers anything, on hosted Supabase as here. The tables
 * are read from the site's source (each useLiveQuery source and each postgres_changes binding), so a
 * new subscription is checked without touching this test.
 */

const srcDir = path.join(import.meta.dirname, '..', '..', 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The tables each source file subscribes to, by file (the generic live-query module excepted). */
function subscribedTables(): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const file of sourceFiles(srcDir)) {
    const text = fs.readFileSync(file, 'utf8');
    if (file.endsWith(path.join('lib', 'live-query.ts'))) continue;
    const subscribes = /useLiveQuery\(|'postgres_changes'/.test(text);
    if (!subscribes) continue;
    const tables = [
      ...[...text.matchAll(/useLiveQuery\([^;]*?\{\s*table:\s*'(\w+)'/g)].map((m) => m[1]!),
      ...[...text.matchAll(/'postgres_changes',\s*\{[^}]*?table:\s*'(\w+)'/g)].map((m) => m[1]!),
    ];
    byFile.set(path.relative(srcDir, file), tables);
  }
  return byFile;
}

let db: pg.Client;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  db = await adminDb();
});

afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
  await db.end();
});

describe('the supabase_realtime publication', () => {
  it('holds every table the site subscribes to', async () => {
    const byFile = subscribedTables();
    // Each subscribing file names its table literally (a table in a variable would go unchecked).
    for (const [file, tables] of byFile) expect(tables, `the table ${file} subscribes to`).not.toEqual([]);
    const subscribed = new Set([...byFile.values()].flat());
    // The site's live screens: leads, sessions, billing and the feature flags at least.
    expect([...subscribed]).toEqual(
      expect.arrayContaining(['leads', 'coaching_sessions', 'subscriptions', 'invoices', 'feature_flags']),
    );
    const { rows } = await db.query<{ tablename: string }>(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public'`,
    );
    const published = new Set(rows.map((row) => row.tablename));
    expect([...subscribed].filter((table) => !published.has(table))).toEqual([]);
  });
});

describe('coaching_sessions, live', () => {
  const DEMO_COACH_SESSION = 'e0000000-0000-4000-8000-000000000003';
  const OTHER_COACH_SESSION = 'e0000000-0000-4000-8000-000000000005';

  it("reaches the session's coach, and not with another coach's session", async () => {
    const coach = demoAccounts.users.find((user) => user.role === 'coach')!;
    const client = anonClient();
    clients.push(client);
    const { error } = await client.auth.signInWithPassword({
      email: 'email' in coach ? coach.email : '',
      password: demoAccounts.password,
    });
    expect(error).toBeNull();
    const { changes } = await watchChanges(client, uniqueName('sessions'), [
      { event: 'UPDATE', table: 'coaching_sessions' },
    ]);
    // A change to another coach's session and to the coach's own: only the own one arrives.
    for (const id of [OTHER_COACH_SESSION, DEMO_COACH_SESSION]) {
      await db.query(`update public.coaching_sessions set updated_at = now() where id = $1`, [id]);
    }
    await waitFor(
      () => changes.find((change) => (change.new as { id?: string }).id === DEMO_COACH_SESSION),
      5000,
      "the coach's own session",
    );
    await sleep(300);
    expect(changes.map((change) => (change.new as { id?: string }).id)).toEqual([DEMO_COACH_SESSION]);
  });
});
