import http from 'node:http';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../../local-supabase/rest/schema-cache.ts';
import { adminDb, anonClient, serviceClient, stackEnv } from '../support/stack.ts';

/**
 * The REST API's limits, as hosted Supabase applies them: `[api] max_rows` of config.toml caps
 * every read, input that would nest without end or put text into the SQL is refused with a 400,
 * the schema cache follows DDL but is never reloaded by a request, and an oversize body leaves
 * the keep-alive connection usable.
 */

const MAX_ROWS = 1000; // supabase/config.toml [api] max_rows
const ROWS = 1205;

let db: pg.Client;

beforeAll(async () => {
  db = await adminDb();
  await db.query(`
    drop table if exists public.rest_limit_rows, public.rest_limit_hidden;
    create table public.rest_limit_rows (id int primary key);
    insert into public.rest_limit_rows select generate_series(1, ${ROWS});
    grant select on public.rest_limit_rows to anon, authenticated, service_role;
    create or replace function public.rest_limit_series() returns setof public.rest_limit_rows
      language sql stable as $$ select * from public.rest_limit_rows order by id $$;
  `);
});

afterAll(async () => {
  await db.query(`drop table if exists public.rest_limit_rows, public.rest_limit_hidden cascade`);
  await db.end();
});

describe('max_rows', () => {
  it('caps a read at max_rows, with Content-Range and the exact count telling the rest', async () => {
    const service = serviceClient();
    const all = await service.from('rest_limit_rows').select('id', { count: 'exact' }).order('id');
    expect(all.error).toBeNull();
    expect(all.data).toHaveLength(MAX_ROWS);
    expect(all.count).toBe(ROWS);
    expect(all.status).toBe(206);

    const asked = await service.from('rest_limit_rows').select('id').order('id').range(0, 1999);
    expect(asked.data).toHaveLength(MAX_ROWS);

    const lastPage = await service.from('rest_limit_rows').select('id').order('id').range(1000, 1999);
    expect(lastPage.data).toHaveLength(ROWS - 1000);
    expect(lastPage.data?.[0]).toEqual({ id: 1001 });

    const res = await fetch(`${stackEnv.url}/rest/v1/rest_limit_rows?select=id`, {
      headers: { apikey: stackEnv.anonKey },
    });
    expect(res.headers.get('content-range')).toBe(`0-${MAX_ROWS - 1}/*`);
    expect(((await res.json()) as unknown[]).length).toBe(MAX_ROWS);

    const small = await service.from('rest_limit_rows').select('id').limit(5);
    expect(small.data).toHaveLength(5);
  });

  it('caps the rows a set-returning function answers', async () => {
    const { data, error } = await anonClient().rpc('rest_limit_series');
    expect(error).toBeNull();
    expect(data).toHaveLength(MAX_ROWS);
  });
});

describe('input the planner must never see', () => {
  it('refuses and/or trees and selects nested past the limit with 400 PGRST100', async () => {
    const deep = (n: number) => `${'or('.repeat(n)}id.eq.1${')'.repeat(n)}`;
    const url = (query: string) => `${stackEnv.url}/rest/v1/rest_limit_rows?${query}`;
    const headers = { apikey: stackEnv.anonKey };

    const tooDeep = await fetch(url(`or=(${deep(3000)})`), { headers });
    expect(tooDeep.status).toBe(400);
    expect(((await tooDeep.json()) as { code: string }).code).toBe('PGRST100');

    const deepSelect = await fetch(url(`select=${'a('.repeat(3000)}id${')'.repeat(3000)}`), { headers });
    expect(deepSelect.status).toBe(400);

    const fine = await fetch(url(`select=id&or=(${deep(20)})`), { headers });
    expect(fine.status).toBe(200);
    expect(await fine.json()).toEqual([{ id: 1 }]);
  });

  it('refuses a cast that is not a type name, without echoing SQL', async () => {
    for (const select of ['id::text$1', 'id::text $1', 'id::$1']) {
      const res = await fetch(
        `${stackEnv.url}/rest/v1/rest_limit_rows?select=${encodeURIComponent(select)}`,
        { headers: { apikey: stackEnv.anonKey } },
      );
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; message: string; details: string };
      expect(body.code).toBe('PGRST100');
      expect(JSON.stringify(body)).not.toMatch(/pgrst_source|SELECT|CAST/);
    }
  });
});

describe('schema cache', () => {
  it('is not reloaded by a request for an unknown table, only by announced DDL', async () => {
    // DDL with event triggers off (as a replica applies it): no reload is announced.
    await db.query(`set session_replication_role = replica;
      create table public.rest_limit_hidden (id int primary key);
      grant select on public.rest_limit_hidden to anon;
      insert into public.rest_limit_hidden values (7);
      set session_replication_role = origin;`);
    const anon = anonClient();
    const unseen = await anon.from('rest_limit_hidden').select('id');
    expect(unseen.status).toBe(404);
    expect(unseen.error?.code).toBe('PGRST205');

    await db.query(`notify pgrst, 'reload schema'`);
    const seen = await anon.from('rest_limit_hidden').select('id');
    expect(seen.error).toBeNull();
    expect(seen.data).toEqual([{ id: 7 }]);
  });

  it('sees DDL right away through the event trigger, also after its listener was cut off', async () => {
    const listeners = async () =>
      (
        await db.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [
          LISTENER_APPLICATION_NAME,
        ])
      ).rows.map((r) => r.pid);
    const before = await listeners();
    expect(before).toHaveLength(1);
    await db.query('select pg_terminate_backend($1)', [before[0]]);
    let current: number[] = [];
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      current = await listeners();
      if (current.length === 1 && current[0] !== before[0]) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(current).toHaveLength(1);
    expect(current[0]).not.toBe(before[0]);

    await db.query(`alter table public.rest_limit_rows add column label text default 'x';`);
    const { data, error } = await anonClient().from('rest_limit_rows').select('label').eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ label: 'x' }]);
  });
});

describe('an oversize body', () => {
  it('gets 413 and leaves the keep-alive connection working for the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const target = new URL(`${stackEnv.url}/rest/v1/rest_limit_rows`);
    const request = (method: string, body?: Buffer) =>
      new Promise<{ status: number; body: string; socket: unknown }>((resolve, reject) => {
        const req = http.request(
          {
            agent,
            method,
            host: target.hostname,
            port: target.port,
            path: `${target.pathname}?select=id&id=eq.3`,
            headers: {
              apikey: stackEnv.serviceRoleKey,
              'Content-Type': 'application/json',
              ...(body ? { 'Content-Length': String(body.length) } : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                body: Buffer.concat(chunks).toString(),
                socket: req.socket,
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      });

    const payload = Buffer.from(JSON.stringify({ id: 1, label: 'x'.repeat(2 * 1024 * 1024) }));
    const tooLarge = await request('POST', payload);
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toMatchObject({ code: 'PGRST413', message: 'Payload Too Large' });

    const next = await request('GET');
    expect(next.status).toBe(200);
    expect(JSON.parse(next.body)).toEqual([{ id: 3 }]);
    expect(next.socket).toBe(tooLarge.socket);
    agent.destroy();
  });
});
