import type pg from 'pg';
import { uniqueEmail } from '../support/stack.ts';

/**
 * Runs SQL as the API would for a given caller: in one transaction, as the role PostgREST switches to,
 * with the request's JWT claims set, then rolls everything back, so no case sees another's writes.
 */

export type Actor = 'anon' | 'parent' | 'otherParent' | 'coach' | 'child' | 'admin';
export const ACTORS: readonly Actor[] = ['anon', 'parent', 'otherParent', 'coach', 'child', 'admin'];

export interface SqlError {
  code: string;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: SqlError };

function claimsFor(actor: Actor, userId: string | undefined) {
  return actor === 'anon'
    ? { role: 'anon' }
    : { sub: userId, role: 'authenticated', aud: 'authenticated', email: `${actor}@example.com` };
}

/**
 * Runs `work` as `actor` (userId is their auth.users id; none for anon) inside a transaction that is
 * always rolled back. `arrange` runs first as the database owner, in the same transaction.
 */
export async function asActor<T>(
  db: pg.Client,
  actor: Actor,
  userId: string | undefined,
  work: (db: pg.Client) => Promise<T>,
  arrange?: (db: pg.Client) => Promise<unknown>,
): Promise<Result<T>> {
  await db.query('begin');
  try {
    if (arrange) await arrange(db);
    await db.query(`set local role ${actor === 'anon' ? 'anon' : 'authenticated'}`);
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify(claimsFor(actor, userId)),
    ]);
    const value = await work(db);
    return { ok: true, value };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { ok: false, error: { code: e.code ?? 'unknown', message: e.message ?? String(error) } };
  } finally {
    await db.query('rollback');
  }
}

/** Creates a confirmed auth user as the auth service would (the sign-up trigger runs). */
export async function createUser(
  db: pg.Client,
  overrides: {
    email?: string;
    firstName?: string | null;
    lastName?: string | null;
    userMetadata?: Record<string, unknown>;
    appMetadata?: Record<string, unknown>;
  } = {},
): Promise<{ id: string; email: string }> {
  const email = overrides.email ?? uniqueEmail('db');
  const meta = overrides.userMetadata ?? {
    first_name: overrides.firstName === undefined ? 'Test' : overrides.firstName,
    last_name: overrides.lastName === undefined ? 'User' : overrides.lastName,
  };
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ('authenticated', 'authenticated', $1, now(), $2, $3) returning id`,
    [
      email,
      JSON.stringify(overrides.appMetadata ?? { provider: 'email', providers: ['email'] }),
      JSON.stringify(meta),
    ],
  );
  return { id: rows[0].id, email };
}

/** Replaces a user's roles (as the database owner). */
export async function setRoles(db: pg.Client, userId: string, roles: string[]) {
  await db.query('delete from public.user_roles where user_id = $1', [userId]);
  for (const role of roles) {
    await db.query('insert into public.user_roles (user_id, role) values ($1, $2)', [userId, role]);
  }
}

/** A lead as the intro-call form sends it; override any field. */
export function leadFactory(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Jamie Parent',
    email: uniqueEmail('lead'),
    phone: '(555) 010-9999',
    child_name: 'Robin',
    age_band: '9',
    challenge: 'focus',
    consent: true,
    source: 'fit-call',
    ...overrides,
  };
}

/** Inserts `row` into `table` with the given columns as parameters; returns nothing (no RETURNING). */
export async function insertRow(db: pg.Client, table: string, row: Record<string, unknown>) {
  const columns = Object.keys(row);
  const values = columns.map((_, i) => `$${i + 1}`);
  await db.query(
    `insert into public.${table} (${columns.join(', ')}) values (${values.join(', ')})`,
    columns.map((c) => row[c]),
  );
}
