import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, anonClient, signedInClient, stackEnv, uniqueEmail } from '../support/stack.ts';

/**
 * Issue 35: every RPC and every edge function answers malformed, unknown or forbidden input with a
 * 4xx and a reason, never a 5xx. The RPCs are read from the generated types (src/types/database.ts)
 * and the functions from the folders of supabase/functions, so a new one is swept without being
 * named here. Each is called as each role with bad payloads made from its arguments' types: ids
 * are always random (never a real row) and text always garbage, so nothing real is acted on.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONCURRENCY = 8;

/** RPCs the sweep leaves out, each with why; a name here must be an RPC of the generated types. */
const EXCLUDED_RPCS: Record<string, string> = {};
/** Edge functions the sweep leaves out, each with why; a name here must be a function folder. */
const EXCLUDED_FUNCTIONS: Record<string, string> = {};
/** Functions whose refusals are plain text rather than JSON `{ error }`, each with why. */
const PLAIN_TEXT_REFUSALS: Record<string, string> = {
  'calendar-feed':
    'calendar apps read the feed URL: an unknown token is a plain "Not found" 404 (docs/decisions/176)',
};

// ---- What there is to sweep ----------------------------------------------------------------------

type ArgKind = 'string' | 'number' | 'boolean' | 'json' | 'enum' | 'other';
interface RpcArg {
  name: string;
  optional: boolean;
  kind: ArgKind;
}
interface Rpc {
  name: string;
  args: RpcArg[];
}

/** The text between the brace at `open` and its partner (exclusive). */
function braced(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) return text.slice(open + 1, i);
  }
  throw new Error(`unbalanced braces from offset ${open}`);
}

/** Splits `a: x; b: { c: y }; ` at the semicolons and commas that are not nested. */
function topLevelMembers(body: string): string[] {
  const members: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if ('{[('.includes(ch)) depth += 1;
    else if ('}])'.includes(ch)) depth -= 1;
    else if ((ch === ';' || ch === ',') && depth === 0) {
      members.push(body.slice(start, i));
      start = i + 1;
    }
  }
  members.push(body.slice(start));
  return members.map((m) => m.trim()).filter(Boolean);
}

function kindOf(tsType: string): ArgKind {
  const t = tsType.replace(/\s*\|\s*null$/, '').trim();
  if (t === 'string') return 'string';
  if (t === 'number') return 'number';
  if (t === 'boolean') return 'boolean';
  if (t === 'Json') return 'json';
  if (t.startsWith("Database['public']['Enums']")) return 'enum';
  return 'other';
}

/** `Database['public']['Functions']`: each function's name and its Args' names and types. */
function rpcsFromGeneratedTypes(): Rpc[] {
  const text = readFileSync(path.join(ROOT, 'src/types/database.ts'), 'utf8');
  const publicSchema = braced(text, text.indexOf('{', text.indexOf('\n  public: {')));
  const functionsAt = publicSchema.indexOf('Functions: {');
  if (functionsAt < 0) throw new Error("no Functions in the generated types' public schema");
  const functions = braced(publicSchema, publicSchema.indexOf('{', functionsAt));
  const rpcs: Rpc[] = [];
  for (const member of topLevelMembers(functions)) {
    const head = /^(\w+):\s*\{/.exec(member);
    if (!head) throw new Error(`cannot read the generated function entry: ${member.slice(0, 80)}`);
    const body = braced(member, member.indexOf('{'));
    const argsAt = body.indexOf('Args:');
    const afterArgs = body.slice(argsAt + 'Args:'.length).trimStart();
    const args: RpcArg[] = [];
    if (!afterArgs.startsWith('never')) {
      for (const arg of topLevelMembers(braced(afterArgs, afterArgs.indexOf('{')))) {
        const match = /^(\w+)(\?)?:\s*([\s\S]+)$/.exec(arg);
        if (!match) throw new Error(`cannot read an argument of ${head[1]}: ${arg}`);
        args.push({ name: match[1], optional: match[2] === '?', kind: kindOf(match[3]) });
      }
    }
    rpcs.push({ name: head[1], args });
  }
  return rpcs;
}

interface EdgeFunction {
  name: string;
  /** the keys of the function's zod objects (its payload's fields, as far as a reading can tell) */
  fields: string[];
  /** the `action: z.literal('…')` values, one per kind of request */
  actions: string[];
}

/** Every function folder (not `_shared`, nor other `_`/`.` folders, which Supabase does not deploy). */
function edgeFunctionsFromFolders(): EdgeFunction[] {
  const dir = path.join(ROOT, 'supabase/functions');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !/^[_.]/.test(entry.name))
    .map((entry) => {
      const source = readdirSync(path.join(dir, entry.name))
        .filter((file) => file.endsWith('.ts') && !file.endsWith('_test.ts'))
        .map((file) => readFileSync(path.join(dir, entry.name, file), 'utf8'))
        .join('\n');
      const fields = new Set<string>();
      for (const match of source.matchAll(/z\s*\.object\(\s*\{/g)) {
        const open = (match.index ?? 0) + match[0].length - 1;
        for (const member of topLevelMembers(braced(source, open))) {
          const key = /^['"]?(\w+)['"]?\s*:/.exec(member);
          if (key) fields.add(key[1]);
        }
      }
      const actions = [...source.matchAll(/action:\s*z\.literal\(\s*'([^']+)'/g)].map((m) => m[1]);
      return { name: entry.name, fields: [...fields], actions: [...new Set(actions)] };
    });
}

const RPCS = rpcsFromGeneratedTypes();
const FUNCTIONS = edgeFunctionsFromFolders();

// ---- Bad input -----------------------------------------------------------------------------------

const LONG = 'x'.repeat(100_000);
const LONE_SURROGATE = '\ud800';
const NUL = '\u0000';

/** Values of the wrong type, or of the right type and wrong in themselves, per argument type. */
function badValues(kind: ArgKind): unknown[] {
  const common = [null, {}, [], NUL, LONG];
  switch (kind) {
    case 'string':
      return [
        ...common,
        'not-a-uuid',
        LONE_SURROGATE,
        '',
        ' ',
        42,
        true,
        randomUUID(),
        'infinity',
        '-infinity',
        '294277-01-01',
      ];
    case 'number':
      return [...common, -1, 0, 2_147_483_648, 1e20, -1e20, 1.5, 'x', '1e400', true];
    case 'boolean':
      return [...common, 'maybe', 2, 'x'];
    case 'json':
      return [NUL, LONG, null, 42, 'x', [], { a: NUL }, { a: LONE_SURROGATE }, { [NUL]: 1 }];
    case 'enum':
      return [...common, 'superuser', '', 42, LONE_SURROGATE];
    default:
      return [...common, 'x', 42, true];
  }
}

/**
 * A well-typed value for an argument of SQL type `sqlType`, so a bad value in one argument reaches
 * the function's body: a random id (never a real row), a time a day from now, text that means nothing.
 */
function filler(sqlType: string | undefined, kind: ArgKind): unknown {
  switch (sqlType) {
    case 'uuid':
      return randomUUID();
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return new Date(Date.now() + 86_400_000).toISOString();
    case 'date':
      return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    case 'jsonb':
    case 'json':
      return {};
    case 'app_role':
      return 'parent';
  }
  if (sqlType && /int|numeric|real|double/.test(sqlType)) return 1;
  if (sqlType === 'boolean') return false;
  return kind === 'number' ? 1 : kind === 'boolean' ? false : kind === 'json' ? {} : 'x';
}

interface Payload {
  label: string;
  args?: Record<string, unknown>;
  /** a raw body, for what supabase-js would never send */
  raw?: string;
}

/** A payload as a failure report shows it: long strings shortened, odd characters escaped. */
function show(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'string' && v.length > 40 ? `${v.slice(0, 8)}…(${v.length} chars)` : v,
  );
  return text === undefined ? String(value) : text;
}

function rpcPayloads(rpc: Rpc, sqlTypes: Record<string, string>): Payload[] {
  const fill = () => Object.fromEntries(rpc.args.map((a) => [a.name, filler(sqlTypes[a.name], a.kind)]));
  const payloads: Payload[] = [
    { label: '{}', args: {} },
    { label: 'an unknown extra argument', args: { ...fill(), no_such_argument: 'x' } },
    { label: 'raw: invalid JSON', raw: '{"a":' },
    { label: 'raw: an array', raw: '[]' },
    { label: 'raw: a string', raw: '"x"' },
  ];
  for (const arg of rpc.args) {
    for (const value of badValues(arg.kind)) {
      payloads.push({ label: `${arg.name} = ${show(value)}`, args: { ...fill(), [arg.name]: value } });
    }
    if (arg.optional) {
      const rest = fill();
      delete rest[arg.name];
      payloads.push({ label: `without ${arg.name}`, args: rest });
    }
  }
  return payloads;
}

interface EdgeRequest {
  label: string;
  method: string;
  /** after the function's name */
  path?: string;
  body?: string;
}

/** The fields that name a row: wrong-typed ones get 'not-a-uuid' and unknown ids as well. */
const isIdField = (field: string) => /(^id$|_id$|Id$)/.test(field);

function edgeRequests(fn: EdgeFunction): EdgeRequest[] {
  const post = (label: string, body?: string): EdgeRequest => ({ label, method: 'POST', body });
  const requests: EdgeRequest[] = [
    { label: 'GET', method: 'GET' },
    { label: 'GET /not-a-token.ics', method: 'GET', path: '/not-a-token.ics' },
    { label: 'GET /%00', method: 'GET', path: '/%00' },
    { label: `GET /${'x'.repeat(8)}…(5000 chars)`, method: 'GET', path: `/${'x'.repeat(5000)}` },
    post('no body'),
    post('invalid JSON', '{"a":'),
    post('{}', '{}'),
    post('[]', '[]'),
    post('null', 'null'),
    post('a string', '"x"'),
    post('a number', '42'),
  ];
  const fields = fn.fields.length > 0 ? fn.fields : ['unexpected'];
  // Values that, put in every field at once, no function's validation accepts: none of these
  // payloads acts (none is, say, family-data's `{ action: 'delete', confirmation: 'DELETE' }`).
  const wrong: unknown[] = [42, -1, true, [], {}, null, NUL, LONE_SURROGATE, 'x'.repeat(20_000)];
  for (const value of wrong) {
    const body = Object.fromEntries(fields.map((f) => [f, value]));
    requests.push(post(`every field = ${show(value)}`, JSON.stringify(body)));
  }
  const others = fields.filter((f) => f !== 'action');
  for (const action of fn.actions) {
    if (others.length === 0) continue; // `{ action }` alone might be a valid request
    for (const value of [42, null, [], NUL]) {
      const body = { action, ...Object.fromEntries(others.map((f) => [f, value])) };
      requests.push(post(`action ${action}, other fields = ${show(value)}`, JSON.stringify(body)));
    }
    const ids = others.filter(isIdField);
    if (ids.length > 0) {
      for (const value of ['not-a-uuid', randomUUID()]) {
        const body = { action, ...Object.fromEntries(ids.map((f) => [f, value])) };
        requests.push(post(`action ${action}, ids = ${show(value)}`, JSON.stringify(body)));
      }
    }
  }
  const ids = fields.filter(isIdField);
  if (fn.actions.length === 0 && ids.length > 0) {
    for (const value of ['not-a-uuid', randomUUID()]) {
      const body = Object.fromEntries(ids.map((f) => [f, value]));
      requests.push(post(`ids = ${show(value)}`, JSON.stringify(body)));
    }
  }
  return requests;
}

// ---- Callers and the sweep -----------------------------------------------------------------------

type Role = 'anon' | 'parent' | 'coach' | 'admin';
interface Caller {
  role: Role;
  client: SupabaseClient;
  /** the bearer token a raw request carries */
  token: string;
}

interface Failure {
  role: Role;
  payload: string;
  status: number;
  body: string;
}

/** Runs `tasks` at most `limit` at a time. */
async function inPool(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

/** How many answers had each status, per kind of call: the run's summary shows how deep the sweep went. */
const answers = { rpc: new Map<number, number>(), function: new Map<number, number>() };
function tally(kind: keyof typeof answers, status: number) {
  answers[kind].set(status, (answers[kind].get(status) ?? 0) + 1);
}
const summary = (counts: Map<number, number>) =>
  [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');

const snippet = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

/** The reason of a 4xx answer: PostgREST's `message`, a function's `error` (or the gateway's `message`). */
function reasonOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  const reason = typeof error === 'string' ? error : message;
  return typeof reason === 'string' && reason.trim() !== '' ? reason : undefined;
}

async function callRpc(caller: Caller, rpc: Rpc, payload: Payload): Promise<Failure | null> {
  let status: number;
  let body: unknown;
  try {
    if (payload.raw !== undefined) {
      const response = await fetch(`${stackEnv.url}/rest/v1/rpc/${rpc.name}`, {
        method: 'POST',
        headers: {
          apikey: stackEnv.anonKey,
          Authorization: `Bearer ${caller.token}`,
          'Content-Type': 'application/json',
        },
        body: payload.raw,
      });
      status = response.status;
      const text = await response.text();
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    } else {
      const answer = await caller.client.rpc(rpc.name, payload.args);
      status = answer.status;
      body = answer.error;
    }
  } catch (error) {
    return { role: caller.role, payload: payload.label, status: 0, body: String(error) };
  }
  tally('rpc', status);
  if (status < 500 && (status < 400 || reasonOf(body))) return null;
  return { role: caller.role, payload: payload.label, status, body: snippet(show(body)) };
}

async function callFunction(caller: Caller, fn: EdgeFunction, request: EdgeRequest): Promise<Failure | null> {
  let status: number;
  let text: string;
  try {
    const response = await fetch(`${stackEnv.url}/functions/v1/${fn.name}${request.path ?? ''}`, {
      method: request.method,
      headers: {
        apikey: stackEnv.anonKey,
        Authorization: `Bearer ${caller.token}`,
        ...(request.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: request.body,
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    return { role: caller.role, payload: request.label, status: 0, body: String(error) };
  }
  let reason: string | undefined;
  try {
    reason = reasonOf(JSON.parse(text));
  } catch {
    reason = fn.name in PLAIN_TEXT_REFUSALS && text.trim() !== '' ? text : undefined;
  }
  tally('function', status);
  if (status < 500 && (status < 400 || reason)) return null;
  return { role: caller.role, payload: request.label, status, body: snippet(text) };
}

const report = (failures: Failure[]) =>
  failures.map((f) => `${f.role} | ${f.payload} → ${f.status} ${f.body}`).join('\n');

// ---- The tests -----------------------------------------------------------------------------------

let db: pg.Client;
const people: { userId: string }[] = [];
let coachRowId: string | undefined;
const rpcFailures = new Map<string, Failure[]>();
const functionFailures = new Map<string, Failure[]>();
const timings: string[] = [];

async function signedInAs(role: Exclude<Role, 'anon'>): Promise<Caller> {
  const person = await signedInClient({ email: uniqueEmail(`sweep-${role}`), firstName: 'Sweep' });
  people.push(person);
  if (role !== 'parent') {
    await db.query('update public.user_roles set role = $2 where user_id = $1', [person.userId, role]);
  }
  if (role === 'coach') {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.coaches (user_id, display_name, time_zone) values ($1, 'Sweep Coach', 'Europe/London')
       on conflict (user_id) do update set display_name = excluded.display_name returning id`,
      [person.userId],
    );
    coachRowId = rows[0].id;
  }
  // Signed in before the role changed: a fresh session carries no stale claims.
  await person.client.auth.signOut();
  const signIn = await person.client.auth.signInWithPassword({
    email: person.email,
    password: person.password,
  });
  if (signIn.error) throw signIn.error;
  return { role, client: person.client, token: signIn.data.session.access_token };
}

beforeAll(async () => {
  db = await adminDb();
  const callers: Caller[] = [
    { role: 'anon', client: anonClient(), token: stackEnv.anonKey },
    ...(await Promise.all((['parent', 'coach', 'admin'] as const).map(signedInAs))),
  ];

  const { rows } = await db.query<{ name: string; args: string[]; types: string[] }>(
    `select p.proname as name, p.proargnames[1:p.pronargs] as args,
            array(select pg_catalog.format_type(t, null) from unnest(p.proargtypes) as t) as types
       from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'`,
  );
  const sqlTypes = new Map(
    rows.map((r) => [r.name, Object.fromEntries((r.args ?? []).map((a, i) => [a, r.types[i]]))]),
  );

  let started = performance.now();
  const rpcTasks = RPCS.filter((rpc) => !(rpc.name in EXCLUDED_RPCS)).flatMap((rpc) => {
    const failures: Failure[] = [];
    rpcFailures.set(rpc.name, failures);
    return callers.flatMap((caller) =>
      rpcPayloads(rpc, sqlTypes.get(rpc.name) ?? {}).map((payload) => async () => {
        const failure = await callRpc(caller, rpc, payload);
        if (failure) failures.push(failure);
      }),
    );
  });
  await inPool(rpcTasks, CONCURRENCY);
  timings.push(`${rpcTasks.length} RPC calls in ${Math.round(performance.now() - started)} ms`);

  started = performance.now();
  const functionTasks = FUNCTIONS.filter((fn) => !(fn.name in EXCLUDED_FUNCTIONS)).flatMap((fn) => {
    const failures: Failure[] = [];
    functionFailures.set(fn.name, failures);
    return callers.flatMap((caller) =>
      edgeRequests(fn).map((request) => async () => {
        const failure = await callFunction(caller, fn, request);
        if (failure) failures.push(failure);
      }),
    );
  });
  await inPool(functionTasks, CONCURRENCY);
  timings.push(`${functionTasks.length} function calls in ${Math.round(performance.now() - started)} ms`);
}, 180_000);

afterAll(async () => {
  console.info(
    `bad-input sweep: ${timings.join(', ')}\n  RPC answers: ${summary(answers.rpc)}` +
      `\n  function answers: ${summary(answers.function)}`,
  );
  if (coachRowId) await db?.query('delete from public.coaches where id = $1', [coachRowId]);
  if (people.length > 0) {
    await db?.query('delete from auth.users where id = any($1)', [people.map((p) => p.userId)]);
  }
  await db?.end();
});

describe('the sweep covers what there is', () => {
  it('reads the RPCs from the generated types and the functions from their folders', () => {
    expect(RPCS.length).toBeGreaterThan(10);
    expect(RPCS.find((rpc) => rpc.name === 'get_coach_open_slots')?.args.map((a) => a.name)).toEqual([
      'coach_id',
      'range_start',
      'range_end',
    ]);
    expect(FUNCTIONS.map((fn) => fn.name)).toContain('send-session-emails');
    expect(FUNCTIONS.map((fn) => fn.name)).not.toContain('_shared');
  });

  it('excludes only functions that exist', () => {
    expect(Object.keys(EXCLUDED_RPCS).filter((name) => !RPCS.some((rpc) => rpc.name === name))).toEqual([]);
    for (const names of [EXCLUDED_FUNCTIONS, PLAIN_TEXT_REFUSALS]) {
      expect(Object.keys(names).filter((name) => !FUNCTIONS.some((fn) => fn.name === name))).toEqual([]);
    }
  });
});

describe('every RPC answers bad input with a 4xx and a reason', () => {
  it.each(RPCS.filter((rpc) => !(rpc.name in EXCLUDED_RPCS)).map((rpc) => rpc.name))('%s', (name) => {
    expect(report(rpcFailures.get(name) ?? []), name).toBe('');
  });
});

describe('every edge function answers bad input with a 4xx and a reason', () => {
  it.each(FUNCTIONS.filter((fn) => !(fn.name in EXCLUDED_FUNCTIONS)).map((fn) => fn.name))('%s', (name) => {
    expect(report(functionFailures.get(name) ?? []), name).toBe('');
  });
});
