import crypto from 'node:crypto';
import { decodeJwt } from 'jose';
import type pg from 'pg';
import { apiUrl, type StackConfig } from '../config.ts';
import { signJwt } from '../jwt.ts';
import { AuthError, badRequest } from './errors.ts';
import { factorJson, listFactors } from './mfa-store.ts';
import {
  findUserById,
  isBanned,
  randomToken,
  sha256,
  userJson,
  withTransaction,
  type Db,
  type UserRow,
} from './store.ts';

/**
 * Sessions as GoTrue keeps them: a row in auth.sessions per sign-in, a chain of rotating refresh
 * tokens per session (auth.refresh_tokens, stored as SHA-256 hashes; `parent` links each token to the
 * one it replaced), the sign-in methods in auth.mfa_amr_claims, and short-lived HS256 access tokens.
 */

/** 'password' | 'otp' | 'recovery' | 'magiclink' | 'email/signup' ... as GoTrue names them in `amr`. */
export type AuthMethod = string;

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

/** GoTrue's REFRESH_TOKEN_REUSE_INTERVAL: a rotated token may still be swapped this long (concurrent tabs). */
const REUSE_INTERVAL_SECONDS = 10;

async function amrOf(db: Db, sessionId: string) {
  const { rows } = await db.query<{ method: string; timestamp: string }>(
    `select authentication_method as method, extract(epoch from updated_at)::bigint as timestamp
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  return rows.map((row) => ({ method: row.method, timestamp: Number(row.timestamp) }));
}

/** The assurance level the session reached: aal2 once a factor was verified in it (GoTrue's session.aal). */
async function aalOf(db: Db, sessionId: string): Promise<string> {
  const { rows } = await db.query<{ aal: string | null }>(
    `select aal::text as aal from auth.sessions where id = $1`,
    [sessionId],
  );
  return rows[0]?.aal ?? 'aal1';
}

async function accessToken(db: Db, config: StackConfig, user: UserRow, sessionId: string) {
  const amr = await amrOf(db, sessionId);
  const aal = await aalOf(db, sessionId);
  const token = await signJwt(
    {
      iss: `${apiUrl(config)}/auth/v1`,
      sub: user.id,
      aud: user.aud ?? 'authenticated',
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? 'authenticated',
      aal,
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    config.jwtExpiry,
  );
  const { exp } = decodeJwt(token);
  const expiresAt = Number(exp);
  return { token, expiresAt, expiresIn: Math.max(0, expiresAt - Math.floor(Date.now() / 1000)) };
}

async function insertRefreshToken(db: Db, userId: string, sessionId: string, parentHash: string | null) {
  const token = randomToken(24);
  await db.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, revoked, parent) values ($1, $2, $3, false, $4)`,
    [sha256(token), userId, sessionId, parentHash],
  );
  return token;
}

async function sessionResponse(
  db: Db,
  config: StackConfig,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionResponse> {
  const access = await accessToken(db, config, user, sessionId);
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: access.expiresIn,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, (await listFactors(db, user.id)).map(factorJson)),
  };
}

/** A new session for a user who just proved who they are (password, email link ...). */
export async function issueSession(
  db: Db,
  config: StackConfig,
  userId: string,
  method: AuthMethod,
): Promise<SessionResponse> {
  const sessionId = crypto.randomUUID();
  await db.query(`insert into auth.sessions (id, user_id, aal) values ($1, $2, 'aal1')`, [sessionId, userId]);
  await db.query(`insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)`, [
    sessionId,
    method,
  ]);
  const { rows } = await db.query<{ id: string }>(
    `update auth.users set last_sign_in_at = now() where id = $1 returning id`,
    [userId],
  );
  if (!rows[0]) throw badRequest('user_not_found', 'User not found');
  const user = await findUserById(db, userId);
  if (!user) throw badRequest('user_not_found', 'User not found');
  const refreshToken = await insertRefreshToken(db, userId, sessionId, null);
  return sessionResponse(db, config, user, sessionId, refreshToken);
}

/**
 * A factor was verified in this session (GoTrue's updateMFASessionAndClaims): the session records
 * the method and reaches aal2, its earlier refresh tokens stop working (only the answer to the
 * verification carries on at aal2), and the user's other sessions below aal2 end.
 */
export async function raiseSessionToAal2(
  db: Db,
  config: StackConfig,
  userId: string,
  sessionId: string,
  factorId: string,
  method: AuthMethod,
): Promise<SessionResponse> {
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
  await db.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [
    sessionId,
    factorId,
  ]);
  await db.query(`delete from auth.refresh_tokens where session_id = $1`, [sessionId]);
  const others = await db.query<{ id: string }>(
    `select id from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') < 'aal2'`,
    [userId, sessionId],
  );
  const ids = others.rows.map((row) => row.id);
  if (ids.length) {
    await db.query(`delete from auth.refresh_tokens where session_id = any($1::uuid[])`, [ids]);
    await db.query(`delete from auth.sessions where id = any($1::uuid[])`, [ids]);
  }
  const user = await findUserById(db, userId);
  if (!user) throw badRequest('user_not_found', 'User not found');
  const refreshToken = await insertRefreshToken(db, userId, sessionId, null);
  return sessionResponse(db, config, user, sessionId, refreshToken);
}

const notFound = () =>
  badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/** The refresh_token grant: rotates the token; a token reused after the grace period ends its session. */
export async function refreshSession(
  pool: pg.Pool,
  config: StackConfig,
  refreshToken: string,
): Promise<SessionResponse> {
  let reuseError: AuthError | undefined;
  const result = await withTransaction(pool, async (db) => {
    const { rows } = await db.query<{
      id: string;
      user_id: string;
      session_id: string;
      revoked: boolean;
      session_exists: boolean;
      within_reuse: boolean;
    }>(
      `select rt.id, rt.user_id, rt.session_id, rt.revoked,
              exists (select 1 from auth.sessions s where s.id = rt.session_id) as session_exists,
              rt.updated_at > now() - make_interval(secs => $2) as within_reuse
         from auth.refresh_tokens rt where rt.token = $1 for update`,
      [sha256(refreshToken), REUSE_INTERVAL_SECONDS],
    );
    const row = rows[0];
    if (!row) throw notFound();
    const user = await findUserById(db, row.user_id);
    if (!user) throw notFound();
    if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    if (!row.session_exists) {
      throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    }
    if (row.revoked && !row.within_reuse) {
      // Someone presents a token that was replaced a while ago: the chain may be stolen, so the
      // session ends and none of its tokens works any more (GoTrue's refresh token reuse detection).
      await db.query(`delete from auth.refresh_tokens where session_id = $1`, [row.session_id]);
      await db.query(`delete from auth.sessions where id = $1`, [row.session_id]);
      reuseError = badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      return undefined;
    }
    if (!row.revoked) {
      await db.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [
        row.id,
      ]);
    }
    const next = await insertRefreshToken(db, user.id, row.session_id, sha256(refreshToken));
    await db.query(`update auth.sessions set updated_at = now() where id = $1`, [row.session_id]);
    return sessionResponse(db, config, user, row.session_id, next);
  });
  if (reuseError) throw reuseError;
  if (!result) throw notFound();
  return result;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Ends sessions: all of the user's, only this one, or all but this one. */
export async function logout(
  pool: pg.Pool,
  userId: string,
  sessionId: string | undefined,
  scope: LogoutScope,
) {
  await withTransaction(pool, async (db) => {
    let sessions: string[];
    if (scope === 'local' && sessionId) {
      sessions = [sessionId];
    } else if (scope === 'others' && sessionId) {
      const { rows } = await db.query<{ id: string }>(
        `select id from auth.sessions where user_id = $1 and id <> $2`,
        [userId, sessionId],
      );
      sessions = rows.map((r) => r.id);
    } else {
      const { rows } = await db.query<{ id: string }>(`select id from auth.sessions where user_id = $1`, [
        userId,
      ]);
      sessions = rows.map((r) => r.id);
      await db.query(`delete from auth.refresh_tokens where user_id = $1`, [userId]);
    }
    if (sessions.length === 0) return;
    await db.query(`delete from auth.refresh_tokens where session_id = any($1::uuid[])`, [sessions]);
    await db.query(`delete from auth.sessions where id = any($1::uuid[])`, [sessions]);
  });
}

export async function sessionExists(db: Db, sessionId: string): Promise<boolean> {
  const { rowCount } = await db.query(`select 1 from auth.sessions where id = $1`, [sessionId]);
  return (rowCount ?? 0) > 0;
}
