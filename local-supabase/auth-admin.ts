import type { IncomingMessage, ServerResponse } from 'node:http';
import bcrypt from 'bcryptjs';
import type pg from 'pg';
import { AuthError, badRequest, forbidden, notFound, unprocessable } from './auth-errors.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isUuid,
  updateUser,
  userJson,
  type UserRow,
} from './auth-store.ts';
import { logout } from './auth-sessions.ts';

/**
 * GoTrue's admin API (`/admin/users`), for the service_role key only: what supabase-js'
 * `auth.admin.listUsers/createUser/getUserById/updateUserById/deleteUser` call.
 */
export interface AdminDeps {
  pool: pg.Pool;
  claims: Record<string, unknown> | undefined;
  body: () => Promise<Record<string, unknown>>;
  validateEmail: (email: unknown) => string;
  checkPassword: (password: unknown) => string;
  send: (res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => void;
}

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/** GoTrue's merge for metadata: a key set to null is removed, others are set. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export function objectField(
  body: Record<string, unknown>,
  name: string,
): Record<string, unknown> | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${name} must be an object`);
  }
  return value as Record<string, unknown>;
}

/** `ban_duration` as GoTrue takes it: "none" lifts a ban; otherwise a Go duration such as "24h" or "90m". */
function parseBanDuration(value: unknown): Date | null | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest('validation_failed', 'invalid format for ban duration');
  if (value === 'none') return null;
  const match = /^(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)$/.exec(value.trim());
  if (!match) throw badRequest('validation_failed', `invalid format for ban duration: ${value}`);
  const factor: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60000,
    h: 3600000,
  };
  return new Date(Date.now() + Number(match[1]) * factor[match[2]]);
}

function pageParam(raw: string | null, fallback: number, name: string): number {
  if (raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw badRequest('validation_failed', `Bad Pagination Parameters: ${name}`);
  return value;
}

async function userOr404(pool: pg.Pool, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound('user_not_found', 'User not found');
  const user = await findUserById(pool, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

function rethrowDuplicate(error: unknown): never {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code === '23505' && constraint?.includes('phone')) {
    throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
  }
  if (code === '23505') {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  throw error;
}

/** A phone number as GoTrue stores it: E.164 digits without the plus sign. */
export function validatePhone(value: unknown): string {
  const digits = typeof value === 'string' ? value.replace(/[\s()+-]/g, '') : '';
  if (!/^[1-9][0-9]{1,14}$/.test(digits)) {
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  }
  return digits;
}

export async function handleAdmin(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
  deps: AdminDeps,
): Promise<void> {
  const role = deps.claims?.role;
  if (typeof role !== 'string' || !ADMIN_ROLES.has(role)) throw forbidden('not_admin', 'User not allowed');
  const { pool } = deps;
  const method = req.method ?? 'GET';

  if (path === '/admin/users' || path === '/admin/users/') {
    if (method === 'GET') {
      const page = pageParam(url.searchParams.get('page'), 1, 'page');
      const perPage = Math.min(pageParam(url.searchParams.get('per_page'), 50, 'per_page'), 1000);
      const filter = url.searchParams.get('filter') ?? '';
      if (filter.includes('\u0000'))
        throw badRequest('validation_failed', 'filter must not contain NUL characters');
      const where = `deleted_at is null and ($1 = '' or email ilike '%' || $1 || '%')`;
      const total = Number(
        (await pool.query<{ n: string }>(`select count(*) as n from auth.users where ${where}`, [filter]))
          .rows[0].n,
      );
      const { rows } = await pool.query<{ id: string }>(
        `select id from auth.users where ${where} order by created_at desc, id limit $2 offset $3`,
        [filter, perPage, (page - 1) * perPage],
      );
      const users = (await Promise.all(rows.map((r) => findUserById(pool, r.id)))).filter(
        (u): u is UserRow => u !== undefined,
      );
      const lastPage = Math.max(1, Math.ceil(total / perPage));
      const links = [];
      if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
      links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
      return deps.send(
        res,
        200,
        { aud: 'authenticated', users: users.map(userJson) },
        { 'X-Total-Count': String(total), Link: links.join(', ') },
      );
    }
    if (method === 'POST') {
      const body = await deps.body();
      const email =
        body.email === undefined || body.email === null || body.email === ''
          ? undefined
          : deps.validateEmail(body.email);
      const phone =
        body.phone === undefined || body.phone === null || body.phone === ''
          ? undefined
          : validatePhone(body.phone);
      if (!email && !phone) {
        throw badRequest('validation_failed', 'An email address or a phone number is required');
      }
      const password = body.password === undefined ? undefined : deps.checkPassword(body.password);
      const userMetadata = objectField(body, 'user_metadata') ?? objectField(body, 'data') ?? {};
      const appMetadata = {
        ...(objectField(body, 'app_metadata') ?? {}),
        provider: email ? 'email' : 'phone',
        providers: [email ? 'email' : 'phone'],
      };
      if (body.id !== undefined && !isUuid(body.id))
        throw badRequest('validation_failed', 'id must be a UUID');
      if (email && (await findUserByEmail(pool, email))) rethrowDuplicate({ code: '23505' });
      const user = await insertUser(pool, {
        id: body.id as string | undefined,
        email: email ?? null,
        phone: phone ?? null,
        phoneConfirmed: body.phone_confirm === true,
        passwordHash: password ? await bcrypt.hash(password, 10) : null,
        userMetadata,
        appMetadata,
        emailConfirmed: body.email_confirm === true,
        role: typeof body.role === 'string' && body.role ? body.role : 'authenticated',
        bannedUntil: parseBanDuration(body.ban_duration) ?? null,
      }).catch(rethrowDuplicate);
      return deps.send(res, 200, userJson(user));
    }
    throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
  }

  const match = /^\/admin\/users\/([^/]+)\/?$/.exec(path);
  if (!match) throw notFound('not_found', 'Not found');
  const id = decodeURIComponent(match[1]);
  const user = await userOr404(pool, id);

  if (method === 'GET') return deps.send(res, 200, userJson(user));
  if (method === 'PUT') {
    const body = await deps.body();
    const changes: Partial<Record<keyof UserRow, unknown>> = {};
    if (body.email !== undefined && body.email !== '') {
      const email = deps.validateEmail(body.email);
      const other = await findUserByEmail(pool, email);
      if (other && other.id !== user.id) rethrowDuplicate({ code: '23505' });
      changes.email = email;
    }
    if (body.password !== undefined) {
      changes.encrypted_password = await bcrypt.hash(deps.checkPassword(body.password), 10);
    }
    if (body.email_confirm === true && !user.email_confirmed_at) changes.email_confirmed_at = new Date();
    if (body.phone !== undefined) {
      changes.phone = body.phone === null || body.phone === '' ? null : validatePhone(body.phone);
    }
    if (body.phone_confirm === true && !user.phone_confirmed_at) changes.phone_confirmed_at = new Date();
    const userMetadata = objectField(body, 'user_metadata');
    if (userMetadata) changes.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, userMetadata);
    const appMetadata = objectField(body, 'app_metadata');
    if (appMetadata) changes.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, appMetadata);
    if (typeof body.role === 'string' && body.role) changes.role = body.role;
    const ban = parseBanDuration(body.ban_duration);
    if (ban !== undefined) changes.banned_until = ban;
    const updated = await updateUser(pool, user.id, changes).catch(rethrowDuplicate);
    if (changes.encrypted_password !== undefined || (ban !== undefined && ban !== null)) {
      // A new password or a ban ends the user's sessions, as GoTrue does.
      await logout(pool, user.id, undefined, 'global');
    }
    return deps.send(res, 200, userJson(updated));
  }
  if (method === 'DELETE') {
    const body = await deps.body();
    if (body.should_soft_delete === true) {
      await logout(pool, user.id, undefined, 'global');
      await pool.query(
        `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = null,
           raw_user_meta_data = '{}', updated_at = now() where id = $1`,
        [user.id],
      );
    } else {
      await pool.query(`delete from auth.refresh_tokens where user_id = $1`, [user.id]);
      await pool.query(`delete from auth.users where id = $1`, [user.id]);
    }
    return deps.send(res, 200, {});
  }
  throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
}
