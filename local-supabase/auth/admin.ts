import type pg from 'pg';
import type { AuthApi, AuthRequest } from './api.ts';
import { AuthError, badRequest, notFound, unprocessable } from './errors.ts';
import { checkMetadata, checkPassword, mergeMetadata, objectField, send, validateEmail } from './request.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isUuid,
  updateUser,
  userJson,
  type UserRow,
} from './store.ts';
import { factorJson, listFactors } from './mfa-store.ts';
import { logout } from './sessions.ts';

/**
 * GoTrue's admin API (`/admin/users`), for the service_role key only (requireAdmin runs first):
 * what supabase-js' `auth.admin.listUsers/createUser/getUserById/updateUserById/deleteUser` call.
 * Users created here do not go through the before-user-created hook, as in GoTrue.
 */

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

export async function admin(api: AuthApi, r: AuthRequest): Promise<void> {
  const { pool } = api;
  const { res, url, path } = r;
  const method = r.req.method ?? 'GET';
  const minimum = api.settings.minimumPasswordLength;

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
      return send(
        res,
        200,
        { aud: 'authenticated', users: users.map((u) => userJson(u)) },
        { 'X-Total-Count': String(total), Link: links.join(', ') },
      );
    }
    if (method === 'POST') {
      const body = await r.body();
      const email =
        body.email === undefined || body.email === null || body.email === ''
          ? undefined
          : validateEmail(body.email);
      const phone =
        body.phone === undefined || body.phone === null || body.phone === ''
          ? undefined
          : validatePhone(body.phone);
      if (!email && !phone) {
        throw badRequest('validation_failed', 'An email address or a phone number is required');
      }
      const password = body.password === undefined ? undefined : checkPassword(body.password, minimum);
      const userMetadata = checkMetadata(
        objectField(body, 'user_metadata') ?? objectField(body, 'data') ?? {},
      );
      const appMetadata = checkMetadata(
        {
          ...(objectField(body, 'app_metadata') ?? {}),
          provider: email ? 'email' : 'phone',
          providers: [email ? 'email' : 'phone'],
        },
        'app_metadata',
      );
      if (body.id !== undefined && !isUuid(body.id))
        throw badRequest('validation_failed', 'id must be a UUID');
      if (email && (await findUserByEmail(pool, email))) rethrowDuplicate({ code: '23505' });
      const user = await insertUser(pool, {
        id: body.id as string | undefined,
        email: email ?? null,
        phone: phone ?? null,
        phoneConfirmed: body.phone_confirm === true,
        passwordHash: password ? await api.passwords.hash(password) : null,
        userMetadata,
        appMetadata,
        emailConfirmed: body.email_confirm === true,
        role: typeof body.role === 'string' && body.role ? body.role : 'authenticated',
        bannedUntil: parseBanDuration(body.ban_duration) ?? null,
      }).catch(rethrowDuplicate);
      return send(res, 200, userJson(user));
    }
    throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
  }

  const match = /^\/admin\/users\/([^/]+)\/?$/.exec(path);
  if (!match) throw notFound('not_found', 'Not found');
  const id = decodeURIComponent(match[1]);
  const user = await userOr404(pool, id);

  if (method === 'GET') {
    return send(res, 200, userJson(user, (await listFactors(pool, user.id)).map(factorJson)));
  }
  if (method === 'PUT') {
    const body = await r.body();
    const changes: Partial<Record<keyof UserRow, unknown>> = {};
    if (body.email !== undefined && body.email !== '') {
      const email = validateEmail(body.email);
      const other = await findUserByEmail(pool, email);
      if (other && other.id !== user.id) rethrowDuplicate({ code: '23505' });
      changes.email = email;
    }
    if (body.password !== undefined) {
      changes.encrypted_password = await api.passwords.hash(checkPassword(body.password, minimum));
    }
    if (body.email_confirm === true && !user.email_confirmed_at) changes.email_confirmed_at = new Date();
    if (body.phone !== undefined) {
      changes.phone = body.phone === null || body.phone === '' ? null : validatePhone(body.phone);
    }
    if (body.phone_confirm === true && !user.phone_confirmed_at) changes.phone_confirmed_at = new Date();
    const userMetadata = objectField(body, 'user_metadata');
    if (userMetadata) {
      changes.raw_user_meta_data = checkMetadata(mergeMetadata(user.raw_user_meta_data, userMetadata));
    }
    const appMetadata = objectField(body, 'app_metadata');
    if (appMetadata) {
      changes.raw_app_meta_data = checkMetadata(
        mergeMetadata(user.raw_app_meta_data, appMetadata),
        'app_metadata',
      );
    }
    if (typeof body.role === 'string' && body.role) changes.role = body.role;
    const ban = parseBanDuration(body.ban_duration);
    if (ban !== undefined) changes.banned_until = ban;
    const updated = await updateUser(pool, user.id, changes).catch(rethrowDuplicate);
    if (changes.encrypted_password !== undefined || (ban !== undefined && ban !== null)) {
      // A new password or a ban ends the user's sessions, as GoTrue does.
      await logout(pool, user.id, undefined, 'global');
    }
    return send(res, 200, userJson(updated));
  }
  if (method === 'DELETE') {
    const body = await r.body();
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
    return send(res, 200, {});
  }
  throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
}
