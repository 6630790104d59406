import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { adminDb, anonClient, serviceClient, stackEnv } from '../support/stack.ts';
import { signJwt } from '../../local-supabase/jwt.ts';
import {
  sleep,
  subscribed,
  subscribeFailure,
  uniqueName,
  waitFor,
  watchChanges,
  type Change,
} from './realtime-support.ts';

/**
 * postgres_changes through the real supabase-js client: the shapes realtime-js turns into
 * `payload.new` / `payload.old` / `payload.eventType`, filters, speed, and row level security.
 */

let db: pg.Client;
const clients: SupabaseClient[] = [];

function track(client: SupabaseClient) {
  clients.push(client);
  return client;
}

/** A client whose Realtime acts as a signed-in user (a token signed like the auth server does). */
async function userClient(userId: string, expiresIn = 3600) {
  const client = track(anonClient());
  const token = await signJwt(
    { role: 'authenticated', sub: userId, aud: 'authenticated', email: `${userId}@example.com` },
    expiresIn,
  );
  await client.realtime.setAuth(token);
  return client;
}

async function insertItem(values: { title: string; owner?: string | null; score?: number }) {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.rt_test_items (title, owner, score, tags, data)
     values ($1, $2, $3, array['a','b'], '{"nested": {"ok": true}}') returning id`,
    [values.title, values.owner ?? null, values.score ?? 0],
  );
  return Number(rows[0]!.id);
}

const forRow = (changes: Change[], id: number, type: string) =>
  changes.find(
    (c) =>
      c.eventType === type &&
      (Number((c.new as { id?: number }).id) === id || Number((c.old as { id?: number }).id) === id),
  );

beforeAll(async () => {
  db = await adminDb();
  await db.query(`
    drop table if exists public.rt_test_items, public.rt_test_secrets cascade;
    create table public.rt_test_items (
      id bigint generated always as identity primary key,
      owner uuid,
      title text not null,
      score integer not null default 0,
      tags text[],
      data jsonb,
      created_at timestamptz not null default now()
    );
    alter table public.rt_test_items enable row level security;
    create policy "anyone may read unowned items" on public.rt_test_items
      for select to anon, authenticated using (owner is null);
    create policy "owners read their items" on public.rt_test_items
      for select to authenticated using (owner = (select auth.uid()));
    create policy "owners add their items" on public.rt_test_items
      for insert to authenticated with check (owner = (select auth.uid()));
    create table public.rt_test_secrets (id uuid primary key default gen_random_uuid(), note text);
    alter table public.rt_test_secrets enable row level security;
    alter publication supabase_realtime add table public.rt_test_items, public.rt_test_secrets;
  `);
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
});

afterAll(async () => {
  await db.query('drop table if exists public.rt_test_items, public.rt_test_secrets cascade');
  await db.end();
});

describe('postgres_changes', () => {
  it('delivers an UPDATE to a subscriber within a second, old record by primary key', async () => {
    const id = await insertItem({ title: 'before' });
    const { changes } = await watchChanges(track(anonClient()), uniqueName('upd'), [
      { event: 'UPDATE', table: 'rt_test_items' },
    ]);
    const started = Date.now();
    await db.query(`update public.rt_test_items set title = 'after', score = 7 where id = $1`, [id]);
    const change = await waitFor(() => forRow(changes, id, 'UPDATE'), 2000, 'the update');

    expect(change.receivedAt - started).toBeLessThan(1000);
    expect(change).toMatchObject({ schema: 'public', table: 'rt_test_items', eventType: 'UPDATE' });
    expect(change.new).toMatchObject({ id, title: 'after', score: 7, owner: null });
    expect(change.old).toEqual({ id });
    expect(Number.isNaN(Date.parse(change.commit_timestamp))).toBe(false);
  });

  it('gives INSERT the whole row with its types and DELETE only the primary key', async () => {
    const { changes } = await watchChanges(track(anonClient()), uniqueName('all'), [
      { event: '*', table: 'rt_test_items' },
    ]);
    const id = await insertItem({ title: 'shape', score: 42 });
    const inserted = await waitFor(() => forRow(changes, id, 'INSERT'), 2000, 'the insert');
    expect(inserted.old).toEqual({});
    expect(inserted.new).toEqual({
      id,
      owner: null,
      title: 'shape',
      score: 42,
      tags: ['a', 'b'],
      data: { nested: { ok: true } },
      created_at: expect.any(String),
    });

    await db.query('delete from public.rt_test_items where id = $1', [id]);
    const deleted = await waitFor(() => forRow(changes, id, 'DELETE'), 2000, 'the delete');
    expect(deleted.new).toEqual({});
    expect(deleted.old).toEqual({ id });
    expect(changes.map((c) => c.eventType)).toEqual(['INSERT', 'DELETE']);
  });

  it('applies filters: eq, gt, in, and an event filter', async () => {
    const marker = randomUUID().slice(0, 8);
    const eq = await watchChanges(track(anonClient()), uniqueName('eq'), [
      { event: 'INSERT', table: 'rt_test_items', filter: `title=eq.${marker}-one` },
    ]);
    const gt = await watchChanges(track(anonClient()), uniqueName('gt'), [
      { event: 'INSERT', table: 'rt_test_items', filter: 'score=gt.100' },
    ]);
    const inList = await watchChanges(track(anonClient()), uniqueName('in'), [
      { event: 'INSERT', table: 'rt_test_items', filter: `title=in.(${marker}-two,"${marker} three")` },
    ]);
    const deletesOnly = await watchChanges(track(anonClient()), uniqueName('del'), [
      { event: 'DELETE', table: 'rt_test_items' },
    ]);

    const one = await insertItem({ title: `${marker}-one`, score: 5 });
    const two = await insertItem({ title: `${marker}-two`, score: 101 });
    const three = await insertItem({ title: `${marker} three`, score: 100 });
    const last = await insertItem({ title: `${marker}-last`, score: 500 });
    await waitFor(() => forRow(gt.changes, last, 'INSERT'), 2000, 'the last insert');
    await waitFor(() => forRow(inList.changes, three, 'INSERT'), 2000, 'the in-list insert');
    await sleep(100);

    const ids = (changes: Change[]) => changes.map((c) => Number((c.new as { id: number }).id));
    expect(ids(eq.changes)).toEqual([one]);
    expect(ids(gt.changes)).toEqual([two, last]);
    expect(ids(inList.changes)).toEqual([two, three]);
    expect(deletesOnly.changes).toEqual([]);
  });

  it('never sends a subscriber a row its role may not select, while one who may gets it', async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    const anon = await watchChanges(track(anonClient()), uniqueName('rls-anon'), [
      { event: '*', table: 'rt_test_items' },
      { event: '*', table: 'rt_test_secrets' },
    ]);
    const asAlice = await watchChanges(await userClient(alice), uniqueName('rls-alice'), [
      { event: '*', table: 'rt_test_items' },
    ]);
    const asBob = await watchChanges(await userClient(bob), uniqueName('rls-bob'), [
      { event: '*', table: 'rt_test_items' },
    ]);
    const service = await watchChanges(track(serviceClient()), uniqueName('rls-service'), [
      { event: '*', table: 'rt_test_secrets' },
    ]);

    await insertItem({ title: 'alice only', owner: alice });
    await db.query(`insert into public.rt_test_secrets (note) values ('for the service role only')`);
    const shared = await insertItem({ title: 'for everyone' });
    await waitFor(() => forRow(anon.changes, shared, 'INSERT'), 3000, 'the shared row');
    // A row that everyone could see, then moved out of sight.
    await db.query(`update public.rt_test_items set owner = $1, title = 'now private' where id = $2`, [
      alice,
      shared,
    ]);
    const marker = await insertItem({ title: 'marker' });

    for (const watcher of [anon, asBob]) {
      await waitFor(() => forRow(watcher.changes, marker, 'INSERT'), 3000, 'the marker row');
    }
    await waitFor(() => forRow(asAlice.changes, marker, 'INSERT'), 3000, 'the marker row for alice');
    await waitFor(() => service.changes[0], 3000, 'the secret for the service role');

    const seen = (changes: Change[]) =>
      changes.map((c) => `${c.eventType} ${String((c.new as { title?: string }).title)}`);
    expect(seen(asAlice.changes)).toEqual([
      'INSERT alice only',
      'INSERT for everyone',
      'UPDATE now private',
      'INSERT marker',
    ]);
    expect(seen(asBob.changes)).toEqual(['INSERT for everyone', 'INSERT marker']);
    expect(seen(anon.changes)).toEqual(['INSERT for everyone', 'INSERT marker']);
    expect(service.changes[0]!.new).toMatchObject({ note: 'for the service role only' });
    expect(JSON.stringify(anon.changes)).not.toContain('alice only');
    expect(JSON.stringify(anon.changes)).not.toContain('service role only');
  });

  it('sends each change with the version it produced, and no version the role could not see', async () => {
    const alice = randomUUID();
    const { changes } = await watchChanges(track(anonClient()), uniqueName('versions'), [
      { event: '*', table: 'rt_test_items' },
    ]);
    const id = await insertItem({ title: 'v0' });
    await db.query(`update public.rt_test_items set title = 'v1' where id = $1`, [id]);
    await db.query(`update public.rt_test_items set title = 'v2' where id = $1`, [id]);
    // Born private, made public a moment later: the private version must not reach anon.
    const { rows } = await db.query<{ id: string }>(
      `insert into public.rt_test_items (title, owner) values ('secret draft', $1) returning id`,
      [alice],
    );
    const hidden = Number(rows[0]!.id);
    await db.query(`update public.rt_test_items set owner = null, title = 'published' where id = $1`, [
      hidden,
    ]);
    await waitFor(() => forRow(changes, hidden, 'UPDATE'), 2000, 'the published row');

    const titles = changes.map((c) => `${c.eventType} ${String((c.new as { title?: string }).title)}`);
    expect(titles).toEqual(['INSERT v0', 'UPDATE v1', 'UPDATE v2', 'UPDATE published']);
    expect(JSON.stringify(changes)).not.toContain('secret draft');
  });

  it('sends a row too large for one notification in full', async () => {
    const { changes } = await watchChanges(track(anonClient()), uniqueName('large'), [
      { event: 'INSERT', table: 'rt_test_items' },
    ]);
    const text = 'x'.repeat(20_000);
    const { rows } = await db.query<{ id: string }>(
      `insert into public.rt_test_items (title, data) values ('large', $1) returning id`,
      [JSON.stringify({ text })],
    );
    const change = await waitFor(() => forRow(changes, Number(rows[0]!.id), 'INSERT'), 2000, 'it');
    expect((change.new as { data: { text: string } }).data.text).toBe(text);
  });

  it('watches a table added to the publication after the subscription', async () => {
    await db.query(`
      drop table if exists public.rt_test_late;
      create table public.rt_test_late (id integer primary key, label text);
      alter table public.rt_test_late replica identity full;
    `);
    try {
      const { changes } = await watchChanges(track(anonClient()), uniqueName('late'), [
        { event: '*', table: 'rt_test_late' },
      ]);
      await db.query('alter publication supabase_realtime add table public.rt_test_late');
      let delivered = false;
      for (let n = 1; n <= 20 && !delivered; n += 1) {
        await db.query(`insert into public.rt_test_late values ($1::int, 'late ' || $1::text)`, [n]);
        await sleep(50);
        delivered = changes.length > 0;
      }
      expect(changes[0]?.new).toMatchObject({ label: expect.stringMatching(/^late /) });
      const first = changes[0]!.new as { id: number };
      expect(first.id).toBeLessThanOrEqual(5);

      // No row level security and replica identity full: a DELETE carries the whole old row.
      await db.query('delete from public.rt_test_late where id = $1', [first.id]);
      const deleted = await waitFor(() => changes.find((c) => c.eventType === 'DELETE'), 2000, 'it');
      expect(deleted.old).toEqual({ id: first.id, label: `late ${first.id}` });
    } finally {
      await db.query('drop table if exists public.rt_test_late');
    }
  });

  it('falls back to selecting the row as the role when a policy needs the table itself', async () => {
    // tableoid exists only on rows read from the table: this policy cannot judge a detached version.
    await db.query(`
      drop table if exists public.rt_test_sys;
      create table public.rt_test_sys (id integer primary key, shown boolean not null);
      alter table public.rt_test_sys enable row level security;
      create policy "shown rows of this very table" on public.rt_test_sys for select to anon
        using (tableoid = 'public.rt_test_sys'::regclass and shown);
      alter publication supabase_realtime add table public.rt_test_sys;
    `);
    try {
      const { changes } = await watchChanges(track(anonClient()), uniqueName('sys'), [
        { event: 'INSERT', table: 'rt_test_sys' },
      ]);
      await db.query('insert into public.rt_test_sys values (1, false), (2, true)');
      await waitFor(() => changes[0], 2000, 'the shown row');
      await sleep(100);
      expect(changes.map((c) => c.new)).toEqual([{ id: 2, shown: true }]);
    } finally {
      await db.query('drop table if exists public.rt_test_sys');
    }
  });

  it('captures a change written by an API role, as the REST layer writes it', async () => {
    const alice = randomUUID();
    const watcher = await watchChanges(await userClient(alice), uniqueName('api-write'), [
      { event: 'INSERT', table: 'rt_test_items' },
    ]);
    const claims = JSON.stringify({ role: 'authenticated', sub: alice });
    await db.query('begin');
    await db.query('set local role authenticated');
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
    await db.query(`insert into public.rt_test_items (title, owner) values ('written as alice', $1)`, [
      alice,
    ]);
    await db.query('commit');
    const change = await waitFor(() => watcher.changes[0], 2000, 'the insert');
    expect(change.new).toMatchObject({ title: 'written as alice', owner: alice });
  });

  it('checks one change for many subscribers at once, each seeing only their own rows', async () => {
    const users = Array.from({ length: 12 }, () => randomUUID());
    const watchers = await Promise.all([
      ...users.map(async (id) =>
        watchChanges(await userClient(id), uniqueName('many-user'), [
          { event: 'UPDATE', table: 'rt_test_items' },
        ]),
      ),
      ...Array.from({ length: 12 }, () =>
        watchChanges(track(anonClient()), uniqueName('many-anon'), [
          { event: 'UPDATE', table: 'rt_test_items' },
        ]),
      ),
    ]);
    const owned = await insertItem({ title: 'owned', owner: users[3] });
    const open = await insertItem({ title: 'open' });

    const started = Date.now();
    await db.query(`update public.rt_test_items set score = score + 1 where id in ($1, $2)`, [owned, open]);
    await Promise.all(
      watchers.map((w) => waitFor(() => forRow(w.changes, open, 'UPDATE'), 3000, 'the open row')),
    );
    expect(Date.now() - started).toBeLessThan(1000);
    await waitFor(() => forRow(watchers[3]!.changes, owned, 'UPDATE'), 2000, 'the owner’s row');
    watchers.forEach((w, index) => {
      expect(forRow(w.changes, owned, 'UPDATE') !== undefined).toBe(index === 3);
    });
  });

  it('delivers a burst of changes complete and in commit order', async () => {
    const marker = randomUUID().slice(0, 8);
    const { changes } = await watchChanges(track(anonClient()), uniqueName('burst'), [
      { event: 'INSERT', table: 'rt_test_items', filter: `score=gte.1000` },
    ]);
    const started = Date.now();
    const { rows } = await db.query<{ id: string }>(
      `insert into public.rt_test_items (title, score)
       select $1 || '-' || n, 1000 + n from generate_series(1, 200) n returning id`,
      [marker],
    );
    await waitFor(() => (changes.length >= 200 ? true : undefined), 5000, '200 inserts');
    const elapsed = Date.now() - started;
    expect(changes.map((c) => Number((c.new as { id: number }).id))).toEqual(rows.map((r) => Number(r.id)));
    expect(elapsed).toBeLessThan(3000);
  });

  it('answers the join and reports an unsupported filter as a system error, as Supabase does', async () => {
    const system: { extension?: string; status?: string; message?: string }[] = [];
    const channel = track(anonClient())
      .channel(uniqueName('bad-filter'))
      .on('system', {}, (message: (typeof system)[number]) => system.push(message))
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'rt_test_items', filter: 'title=like.x*' },
        () => {},
      );
    await subscribed(channel);
    const error = await waitFor(() => system.find((m) => m.status === 'error'), 2000, 'the error');
    expect(error).toMatchObject({ extension: 'postgres_changes' });
    expect(error.message).toMatch(/filter/);
  });

  it('follows a token refresh: the new identity decides what arrives', async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    const client = await userClient(alice);
    const watcher = await watchChanges(client, uniqueName('refresh'), [
      { event: 'INSERT', table: 'rt_test_items' },
    ]);
    const forAlice = await insertItem({ title: 'alice before refresh', owner: alice });
    await waitFor(() => forRow(watcher.changes, forAlice, 'INSERT'), 2000, 'alice row');

    // The client refreshes its token, now as Bob (access_token event on the joined channel).
    const bobToken = await signJwt({ role: 'authenticated', sub: bob, aud: 'authenticated' }, 3600);
    await client.realtime.setAuth(bobToken);
    await sleep(200);
    const aliceAgain = await insertItem({ title: 'alice after refresh', owner: alice });
    const forBob = await insertItem({ title: 'bob after refresh', owner: bob });
    await waitFor(() => forRow(watcher.changes, forBob, 'INSERT'), 2000, 'bob row');
    expect(forRow(watcher.changes, aliceAgain, 'INSERT')).toBeUndefined();
  });

  it('refuses a join with an expired token, and a socket with an invalid apikey', async () => {
    const expired = track(anonClient());
    await expired.realtime.setAuth(await signJwt({ role: 'authenticated', sub: randomUUID() }, -30));
    const refused = await subscribeFailure(
      expired
        .channel(uniqueName('expired'))
        .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_test_items' }, () => {}),
    );
    expect(refused.status).toBe('CHANNEL_ERROR');
    expect(refused.message).toMatch(/Token has expired/);

    const forged = track(
      createClient(stackEnv.url, 'not-a-valid-jwt', {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      }),
    );
    const rejected = await subscribeFailure(forged.channel(uniqueName('forged')));
    expect(rejected.status).toBe('CHANNEL_ERROR');
    expect(rejected.message).toMatch(/JWT/);
  });

  it('closes the channel when the token expires while subscribed', async () => {
    const client = track(anonClient());
    await client.realtime.setAuth(await signJwt({ role: 'authenticated', sub: randomUUID() }, 2));
    const system: { status?: string; message?: string }[] = [];
    const statuses: string[] = [];
    const channel = client
      .channel(uniqueName('expiring'))
      .on('system', {}, (payload: { status?: string; message?: string }) => system.push(payload));
    channel.subscribe((status) => statuses.push(status));
    await waitFor(() => (statuses.includes('SUBSCRIBED') ? true : undefined), 3000, 'subscribed');
    await waitFor(() => (statuses.includes('CLOSED') ? true : undefined), 5000, 'the channel to close');
    expect(system.some((m) => m.status === 'error' && /Token has expired/.test(m.message ?? ''))).toBe(true);
  });
});
