import type { IncomingMessage, ServerResponse } from 'node:http';
import bcrypt from 'bcryptjs';
import { apiUrl } from './config.ts';
import { CORS_HEADERS, HttpError, readJson } from './http.ts';
import { verifyJwt } from './jwt.ts';
import type { Mailer } from './mail.ts';
import type { HttpService, StackContext } from './types.ts';
import { AuthError, badRequest, forbidden, notFound, sendAuthError, unprocessable } from './auth-errors.ts';
import {
  confirmSignupEmail,
  emailChangeEmail,
  inviteEmail,
  magicLinkEmail,
  recoveryEmail,
  type AuthEmail,
} from './auth-mail.ts';
import {
  AUTH_SCHEMA_SQL,
  consumeOneTimeToken,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertUser,
  isBanned,
  isEmailConfirmed,
  isUuid,
  randomToken,
  saveOneTimeToken,
  updateUser,
  userJson,
  withTransaction,
  type OneTimeTokenType,
  type UserRow,
} from './auth-store.ts';
import {
  issueSession,
  logout,
  refreshSession,
  sessionExists,
  type LogoutScope,
  type SessionResponse,
} from './auth-sessions.ts';
import { handleAdmin, mergeMetadata, objectField } from './auth-admin.ts';

/**
 * Auth: the subset of GoTrue (Supabase Auth) that `@supabase/auth-js` calls, with GoTrue's
 * paths, response shapes, error codes and messages. Users live in auth.users, so database
 * triggers written for Supabase (e.g. creating a profile from `raw_user_meta_data`) work unchanged.
 *
 *   POST /signup  POST /token?grant_type=password|refresh_token  GET|PUT /user  POST /logout
 *   POST /recover  POST /otp  POST /resend  GET|POST /verify  GET /settings  GET /health
 *   POST /invite and /admin/users[/<id>] (service_role only)
 *
 * Email links use the implicit flow: /verify redirects to `redirect_to#access_token=…&type=…`,
 * which supabase-js (detectSessionInUrl) turns into a session. The link token is random, single-use,
 * valid for an hour and kept only as a hash.
 */
export interface AuthOptions {
  /** GoTrue's MAILER_AUTOCONFIRM; the Supabase CLI's local default is on (no confirmation email). */
  autoconfirm?: boolean;
  /** GoTrue's DISABLE_SIGNUP. */
  disableSignup?: boolean;
  /** Emails a single address may be sent (recovery, magic link, confirmation) per minute. */
  emailsPerMinute?: number;
}

// As `auth.minimum_password_length` in supabase/config.toml, so local and hosted refuse the same passwords.
const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 72; // bcrypt reads 72 bytes at most
const LINK_TTL_SECONDS = 3600;
const BCRYPT_COST = 10;
// RFC 5322's dot-atom local part, and a domain of labels (what GoTrue's checkmail accepts).
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

type VerifyType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'email';
const TOKEN_TYPES: Record<VerifyType, OneTimeTokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new'],
};
const isVerifyType = (value: unknown): value is VerifyType =>
  typeof value === 'string' && Object.hasOwn(TOKEN_TYPES, value);

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const payload = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...CORS_HEADERS,
    ...(payload ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(payload);
}

async function readBodyObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = await readJson(req);
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) {
      throw new AuthError(413, 'request_too_large', 'Request body is too large');
    }
    throw badRequest('bad_json', 'Could not parse request body as JSON');
  }
  if (parsed === undefined || parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
  }
  if (containsNul(parsed)) {
    // Postgres cannot store U+0000 in text or jsonb: refuse it here rather than fail later.
    throw badRequest(
      'bad_json',
      'Could not parse request body as JSON: text must not contain NUL characters',
    );
  }
  return parsed as Record<string, unknown>;
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  const entries = Array.isArray(value) ? value : Object.entries(value).flat();
  return entries.some((item) => containsNul(item, depth + 1));
}

function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${name} must be a string`);
  }
  return value;
}

export function validateEmail(value: unknown): string {
  if (value === undefined || value === null || value === '') {
    throw badRequest('validation_failed', 'An email address is required');
  }
  if (typeof value !== 'string')
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  const email = value.trim();
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_RE.test(email))
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** GoTrue's password rules: at most 72 characters; shorter than the minimum is a weak password. */
export function checkPassword(value: unknown): string {
  if (typeof value !== 'string') throw badRequest('validation_failed', 'Password must be a string');
  if (value.length > MAX_PASSWORD_LENGTH) {
    throw badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  if (value.length < MIN_PASSWORD_LENGTH) {
    throw new AuthError(
      422,
      'weak_password',
      `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      {
        weak_password: { reasons: ['length'] },
      },
    );
  }
  return value;
}

/** Counts emails per address in a sliding minute, so a form cannot flood an inbox. */
function emailRateLimiter(perMinute: number) {
  const sent = new Map<string, number[]>();
  return (address: string) => {
    const now = Date.now();
    const recent = (sent.get(address) ?? []).filter((t) => now - t < 60_000);
    if (recent.length >= perMinute) {
      const wait = Math.max(1, Math.ceil((recent[0] + 60_000 - now) / 1000));
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${wait} seconds.`,
      );
    }
    recent.push(now);
    sent.set(address, recent);
    if (sent.size > 10_000) {
      for (const [key, times] of sent) if (times.every((t) => now - t >= 60_000)) sent.delete(key);
    }
  };
}

export function createAuth(ctx: StackContext, mail: Mailer, options: AuthOptions = {}): HttpService {
  const { config } = ctx;
  const pool = ctx.adminPool;
  const autoconfirm = options.autoconfirm ?? process.env.LOCAL_SUPABASE_AUTH_AUTOCONFIRM !== 'false';
  const disableSignup = options.disableSignup ?? false;
  const limitEmails = emailRateLimiter(options.emailsPerMinute ?? 5);
  const authBase = () => `${apiUrl(config)}/auth/v1`;

  let schemaReady: Promise<void> | undefined;
  const ensureSchema = () => {
    schemaReady ??= pool
      .query(AUTH_SCHEMA_SQL)
      .then(() => undefined)
      .catch((error: unknown) => {
        schemaReady = undefined;
        throw error;
      });
    return schemaReady;
  };

  // Compared against when no user matches, so a wrong email takes as long as a wrong password.
  let dummyHash: Promise<string> | undefined;
  const timingSafeMiss = async (password: string) => {
    dummyHash ??= bcrypt.hash(randomToken(12), BCRYPT_COST);
    await bcrypt.compare(password, await dummyHash);
  };

  /** A redirect target the emails may send people to: the site, or a local development origin. */
  function allowedRedirect(raw: string | null | undefined): string {
    if (!raw) return config.siteUrl;
    try {
      const target = new URL(raw);
      const site = new URL(config.siteUrl);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') return config.siteUrl;
      if (target.origin === site.origin) return target.toString();
      if (['localhost', '127.0.0.1', '[::1]'].includes(target.hostname)) return target.toString();
    } catch {
      /* not a URL */
    }
    return config.siteUrl;
  }

  function verifyLink(token: string, type: VerifyType, redirectTo: string) {
    const query = new URLSearchParams({ token, type, redirect_to: redirectTo });
    return `${authBase()}/verify?${query.toString()}`;
  }

  async function sendMail(to: string, email: AuthEmail) {
    try {
      await mail.send({ to, ...email });
    } catch (error) {
      ctx.log('auth', `sending "${email.subject}" to ${to} failed: ${(error as Error).message}`);
      throw new AuthError(500, 'unexpected_failure', 'Error sending email');
    }
  }

  async function sendConfirmation(user: UserRow, redirectTo: string) {
    if (!user.email) return;
    const token = randomToken();
    await saveOneTimeToken(pool, user.id, 'confirmation_token', token, user.email);
    await updateUser(pool, user.id, { confirmation_sent_at: new Date() });
    await sendMail(
      user.email,
      confirmSignupEmail(verifyLink(token, 'signup', redirectTo), user.raw_user_meta_data),
    );
  }

  async function sendRecovery(user: UserRow, redirectTo: string, type: 'recovery' | 'magiclink') {
    if (!user.email) return;
    const token = randomToken();
    await saveOneTimeToken(pool, user.id, 'recovery_token', token, user.email);
    await updateUser(pool, user.id, { recovery_sent_at: new Date() });
    const link = verifyLink(token, type, redirectTo);
    await sendMail(
      user.email,
      type === 'recovery'
        ? recoveryEmail(link, user.raw_user_meta_data)
        : magicLinkEmail(link, user.raw_user_meta_data),
    );
  }

  /** The signed-in caller, from `Authorization: Bearer <access token>`, as GoTrue checks it. */
  async function authenticate(req: IncomingMessage) {
    const header = req.headers.authorization;
    if (!header || !/^bearer /i.test(header) || !header.slice(7).trim()) {
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    }
    let claims;
    try {
      claims = await verifyJwt(header.slice(7).trim());
    } catch (error) {
      const reason =
        (error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'token is expired' : 'signature is invalid';
      throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
    if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
    if (!isUuid(claims.sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
    const user = await findUserById(pool, claims.sub);
    if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
    const sessionId = claims.session_id;
    if (sessionId !== undefined) {
      if (!isUuid(sessionId)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
      if (!(await sessionExists(pool, sessionId))) {
        throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
      }
    }
    const audience = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
    if (audience !== (user.aud ?? 'authenticated')) {
      throw badRequest('validation_failed', "Token audience doesn't match request audience");
    }
    if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
    return { user, sessionId, claims };
  }

  async function bearerClaims(req: IncomingMessage) {
    const header = req.headers.authorization;
    if (!header || !/^bearer /i.test(header)) {
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    }
    try {
      return (await verifyJwt(header.slice(7).trim())) as Record<string, unknown>;
    } catch {
      throw forbidden('bad_jwt', 'invalid JWT: unable to parse or verify signature');
    }
  }

  // ---------- handlers ----------

  async function signup(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (disableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    const body = await readBodyObject(req);
    const password = optionalString(body, 'password');
    const rawEmail = optionalString(body, 'email');
    const phone = optionalString(body, 'phone');
    const data = objectField(body, 'data') ?? {};
    if (!password && !rawEmail && !phone) {
      // What `signInAnonymously()` sends; anonymous sign-ins are off, as in the CLI's defaults.
      throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    if (!password) throw badRequest('validation_failed', 'Signup requires a valid password');
    checkPassword(password);
    if (rawEmail && phone) {
      throw badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on signup.',
      );
    }
    if (!rawEmail && phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    const email = validateEmail(rawEmail);
    const redirectTo = allowedRedirect(url.searchParams.get('redirect_to'));

    const existing = await findUserByEmail(pool, email);
    if (existing) {
      if (autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
      // With confirmations on, GoTrue answers as for a new sign-up, so nobody learns who has an account.
      if (!isEmailConfirmed(existing)) {
        try {
          limitEmails(email);
          await sendConfirmation(existing, redirectTo);
        } catch (error) {
          ctx.log('auth', `confirmation email not re-sent: ${(error as Error).message}`);
        }
      }
      const now = new Date();
      return send(res, 200, {
        ...userJson({
          ...existing,
          id: crypto.randomUUID(),
          created_at: now,
          updated_at: now,
          confirmation_sent_at: now,
          email_confirmed_at: null,
          last_sign_in_at: null,
          recovery_sent_at: null,
          email_change: null,
          phone: null,
          raw_user_meta_data: data,
          raw_app_meta_data: { provider: 'email', providers: ['email'] },
        }),
        identities: [],
      });
    }

    const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
    let user: UserRow;
    let session: SessionResponse | undefined;
    try {
      ({ user, session } = await withTransaction(pool, async (db) => {
        const created = await insertUser(db, {
          email,
          passwordHash,
          userMetadata: data,
          appMetadata: { provider: 'email', providers: ['email'] },
          emailConfirmed: autoconfirm,
        });
        return {
          user: created,
          session: autoconfirm ? await issueSession(db, config, created.id, 'password') : undefined,
        };
      }));
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw unprocessable('user_already_exists', 'User already registered');
      }
      if (error instanceof AuthError) throw error;
      ctx.log('auth', `saving a new user failed: ${(error as Error).message}`);
      throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
    }
    if (session) return send(res, 200, session);
    limitEmails(email);
    await sendConfirmation(user, redirectTo);
    const reloaded = (await findUserById(pool, user.id)) ?? user;
    return send(res, 200, userJson(reloaded));
  }

  async function passwordGrant(req: IncomingMessage, res: ServerResponse) {
    const body = await readBodyObject(req);
    const email = optionalString(body, 'email');
    const phone = optionalString(body, 'phone');
    const password = optionalString(body, 'password') ?? '';
    if (email && phone) {
      throw badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on login.',
      );
    }
    if (!email && !phone) throw badRequest('validation_failed', 'missing email or phone');
    const user = email ? await findUserByEmail(pool, email.trim()) : await findUserByPhone(pool, phone ?? '');
    const invalid = () => badRequest('invalid_credentials', 'Invalid login credentials');
    if (!user || !user.encrypted_password) {
      await timingSafeMiss(password);
      throw invalid();
    }
    let ok = false;
    try {
      ok = await bcrypt.compare(password, user.encrypted_password);
    } catch {
      ok = false; // not a bcrypt hash
    }
    if (!ok) throw invalid();
    if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
    if (email && !isEmailConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');
    if (!email && !user.phone_confirmed_at) throw badRequest('phone_not_confirmed', 'Phone not confirmed');
    const session = await withTransaction(pool, (db) => issueSession(db, config, user.id, 'password'));
    return send(res, 200, session);
  }

  async function refreshGrant(req: IncomingMessage, res: ServerResponse) {
    const body = await readBodyObject(req);
    const token = optionalString(body, 'refresh_token');
    if (!token) throw badRequest('validation_failed', 'refresh_token required');
    return send(res, 200, await refreshSession(pool, config, token));
  }

  async function getUser(req: IncomingMessage, res: ServerResponse) {
    const { user } = await authenticate(req);
    return send(res, 200, userJson(user));
  }

  async function putUser(req: IncomingMessage, res: ServerResponse, url: URL) {
    const { user, sessionId } = await authenticate(req);
    const body = await readBodyObject(req);
    if (body.app_metadata !== undefined && body.app_metadata !== null) {
      throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
    }
    const rawEmail = optionalString(body, 'email');
    const email = rawEmail ? validateEmail(rawEmail) : undefined;
    const password =
      body.password === undefined || body.password === null ? undefined : checkPassword(body.password);
    const data = objectField(body, 'data');
    if (optionalString(body, 'phone'))
      throw badRequest('phone_provider_disabled', 'Phone changes are disabled');

    const changes: Partial<Record<keyof UserRow, unknown>> = {};
    if (password !== undefined) {
      if (
        user.encrypted_password &&
        (await bcrypt.compare(password, user.encrypted_password).catch(() => false))
      ) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      changes.encrypted_password = await bcrypt.hash(password, BCRYPT_COST);
    }
    if (data) changes.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, data);

    let emailChangeTo: string | undefined;
    if (email && email !== (user.email ?? '').toLowerCase()) {
      const other = await findUserByEmail(pool, email);
      if (other && other.id !== user.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      emailChangeTo = email;
      changes.email_change = email;
    }

    let updated = user;
    if (Object.keys(changes).length > 0) {
      updated = await withTransaction(pool, async (db) => {
        const row = await updateUser(db, user.id, changes);
        if (password !== undefined) {
          // After a password change only the session that made it stays signed in (as GoTrue does).
          const others = await db.query<{ id: string }>(
            `select id from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)`,
            [user.id, sessionId ?? null],
          );
          const ids = others.rows.map((r) => r.id);
          if (ids.length) {
            await db.query(`delete from auth.refresh_tokens where session_id = any($1::uuid[])`, [ids]);
            await db.query(`delete from auth.sessions where id = any($1::uuid[])`, [ids]);
          }
        }
        return row;
      });
    }
    if (emailChangeTo) {
      limitEmails(emailChangeTo);
      const token = randomToken();
      await saveOneTimeToken(pool, user.id, 'email_change_token_new', token, emailChangeTo);
      const link = verifyLink(token, 'email_change', allowedRedirect(url.searchParams.get('redirect_to')));
      await sendMail(emailChangeTo, emailChangeEmail(link, emailChangeTo, updated.raw_user_meta_data));
    }
    return send(res, 200, userJson(updated));
  }

  async function logoutHandler(req: IncomingMessage, res: ServerResponse, url: URL) {
    const scopeParam = url.searchParams.get('scope') ?? 'global';
    if (!['', 'global', 'local', 'others'].includes(scopeParam)) {
      throw badRequest('validation_failed', `Unsupported logout scope "${scopeParam}"`);
    }
    const { user, sessionId } = await authenticate(req);
    await logout(pool, user.id, sessionId, (scopeParam || 'global') as LogoutScope);
    res.writeHead(204, CORS_HEADERS);
    res.end();
  }

  async function recover(req: IncomingMessage, res: ServerResponse, url: URL) {
    const body = await readBodyObject(req);
    const raw = optionalString(body, 'email');
    if (!raw) throw badRequest('validation_failed', 'Password recovery requires an email');
    const email = validateEmail(raw);
    limitEmails(email);
    const user = await findUserByEmail(pool, email);
    if (user && !isBanned(user)) {
      await sendRecovery(user, allowedRedirect(url.searchParams.get('redirect_to')), 'recovery');
    }
    return send(res, 200, {});
  }

  async function otp(req: IncomingMessage, res: ServerResponse, url: URL) {
    const body = await readBodyObject(req);
    if (optionalString(body, 'phone'))
      throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    const email = validateEmail(optionalString(body, 'email'));
    const createUser = body.create_user !== false;
    const data = objectField(body, 'data') ?? {};
    const redirectTo = allowedRedirect(url.searchParams.get('redirect_to'));
    limitEmails(email);
    let user = await findUserByEmail(pool, email);
    if (!user) {
      if (!createUser || disableSignup) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
      user = await insertUser(pool, {
        email,
        passwordHash: null,
        userMetadata: data,
        appMetadata: { provider: 'email', providers: ['email'] },
        emailConfirmed: false,
      });
      await sendConfirmation(user, redirectTo);
    } else if (!isBanned(user)) {
      if (isEmailConfirmed(user)) await sendRecovery(user, redirectTo, 'magiclink');
      else await sendConfirmation(user, redirectTo);
    }
    return send(res, 200, {});
  }

  async function resend(req: IncomingMessage, res: ServerResponse, url: URL) {
    const body = await readBodyObject(req);
    const type = optionalString(body, 'type');
    if (type !== 'signup') throw badRequest('validation_failed', 'Missing one of these types: signup');
    const email = validateEmail(optionalString(body, 'email'));
    limitEmails(email);
    const user = await findUserByEmail(pool, email);
    if (user && !isEmailConfirmed(user)) {
      await sendConfirmation(user, allowedRedirect(url.searchParams.get('redirect_to')));
    }
    return send(res, 200, {});
  }

  /** `auth.admin.inviteUserByEmail`: creates the account and emails a link that signs the person in. */
  async function invite(req: IncomingMessage, res: ServerResponse, url: URL) {
    const claims = await bearerClaims(req);
    if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
      throw forbidden('not_admin', 'User not allowed');
    }
    const body = await readBodyObject(req);
    const email = validateEmail(optionalString(body, 'email'));
    const data = objectField(body, 'data') ?? {};
    const existing = await findUserByEmail(pool, email);
    if (existing && isEmailConfirmed(existing)) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    limitEmails(email);
    const user =
      existing ??
      (await insertUser(pool, {
        email,
        passwordHash: null,
        userMetadata: data,
        appMetadata: { provider: 'email', providers: ['email'] },
        emailConfirmed: false,
      }));
    const token = randomToken();
    await saveOneTimeToken(pool, user.id, 'confirmation_token', token, email);
    const invited = await updateUser(pool, user.id, {
      invited_at: new Date(),
      confirmation_sent_at: new Date(),
    });
    const link = verifyLink(token, 'invite', allowedRedirect(url.searchParams.get('redirect_to')));
    await sendMail(email, inviteEmail(link, invited.raw_user_meta_data));
    return send(res, 200, userJson(invited));
  }

  /** Applies a consumed link token: confirms the email, or moves it to the new address. */
  async function applyVerification(userId: string, relatesTo: string, type: VerifyType) {
    return withTransaction(pool, async (db) => {
      const user = await findUserById(db, userId);
      if (!user) throw forbidden('otp_expired', 'Email link is invalid or has expired');
      if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
      if (type === 'email_change') {
        const other = await findUserByEmail(db, relatesTo);
        if (other && other.id !== user.id) {
          throw unprocessable('email_exists', 'A user with this email address has already been registered');
        }
        await updateUser(db, user.id, {
          email: relatesTo,
          email_change: null,
          email_confirmed_at: new Date(),
        });
      } else if (!isEmailConfirmed(user)) {
        await updateUser(db, user.id, { email_confirmed_at: new Date() });
      }
      const method = type === 'recovery' ? 'recovery' : 'otp';
      return issueSession(db, config, user.id, method);
    });
  }

  async function verifyGet(res: ServerResponse, url: URL) {
    const token = url.searchParams.get('token') ?? '';
    const type = url.searchParams.get('type') ?? '';
    if (!token) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
    if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
    const redirectTo = allowedRedirect(url.searchParams.get('redirect_to'));
    const redirect = (fragment: Record<string, string>) => {
      const target = new URL(redirectTo);
      const params = new URLSearchParams(
        Object.entries({ ...fragment, sb: '' }).sort(([a], [b]) => a.localeCompare(b)),
      );
      target.hash = params.toString();
      res.writeHead(303, { ...CORS_HEADERS, Location: target.toString(), 'Cache-Control': 'no-store' });
      res.end();
    };
    const fail = (error: AuthError) =>
      redirect({
        error:
          error.status === 403 ? 'access_denied' : error.status >= 500 ? 'server_error' : 'invalid_request',
        error_code: error.code,
        error_description: error.message,
      });
    if (!isVerifyType(type)) return fail(badRequest('validation_failed', 'Unsupported verification type'));
    try {
      const found = await consumeOneTimeToken(pool, TOKEN_TYPES[type], token, LINK_TTL_SECONDS);
      if (!found) throw forbidden('otp_expired', 'Email link is invalid or has expired');
      const session = await applyVerification(found.userId, found.relatesTo, type);
      return redirect({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type,
      });
    } catch (error) {
      if (error instanceof AuthError) return fail(error);
      throw error;
    }
  }

  async function verifyPost(req: IncomingMessage, res: ServerResponse) {
    const body = await readBodyObject(req);
    const type = optionalString(body, 'type');
    const token = optionalString(body, 'token');
    const tokenHash = optionalString(body, 'token_hash');
    if ((!token && !tokenHash) || (token && tokenHash)) {
      throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
    }
    if (!isVerifyType(type)) throw badRequest('validation_failed', 'Unsupported verification type');
    const email = token ? validateEmail(optionalString(body, 'email')) : undefined;
    const found = await consumeOneTimeToken(
      pool,
      TOKEN_TYPES[type],
      (token ?? tokenHash) as string,
      LINK_TTL_SECONDS,
    );
    if (!found) throw forbidden('otp_expired', 'Token has expired or is invalid');
    if (email) {
      const owner = await findUserById(pool, found.userId);
      const matches =
        type === 'email_change' ? found.relatesTo === email : owner?.email?.toLowerCase() === email;
      if (!matches) throw forbidden('otp_expired', 'Token has expired or is invalid');
    }
    return send(res, 200, await applyVerification(found.userId, found.relatesTo, type));
  }

  function settings(res: ServerResponse) {
    const external = Object.fromEntries(
      [
        'anonymous_users',
        'apple',
        'azure',
        'bitbucket',
        'discord',
        'facebook',
        'snapchat',
        'figma',
        'fly',
        'github',
        'gitlab',
        'google',
        'keycloak',
        'kakao',
        'linkedin',
        'linkedin_oidc',
        'notion',
        'spotify',
        'slack',
        'slack_oidc',
        'workos',
        'twitch',
        'twitter',
        'email',
        'phone',
        'zoom',
      ].map((name) => [name, name === 'email']),
    );
    return send(res, 200, {
      external,
      disable_signup: disableSignup,
      mailer_autoconfirm: autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      passkeys_enabled: false,
    });
  }

  async function route(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
    const method = req.method ?? 'GET';
    const key = `${method} ${path.replace(/\/+$/, '') || '/'}`;
    switch (key) {
      case 'GET /health':
        return send(res, 200, {
          version: 'local',
          name: 'GoTrue',
          description: 'GoTrue is a user registration and authentication API',
        });
      case 'GET /settings':
        return settings(res);
      case 'POST /signup':
        return signup(req, res, url);
      case 'POST /token': {
        const grant = url.searchParams.get('grant_type');
        if (grant === 'password') return passwordGrant(req, res);
        if (grant === 'refresh_token') return refreshGrant(req, res);
        throw badRequest('invalid_credentials', 'unsupported_grant_type');
      }
      case 'GET /user':
        return getUser(req, res);
      case 'PUT /user':
        return putUser(req, res, url);
      case 'POST /logout':
        return logoutHandler(req, res, url);
      case 'POST /recover':
        return recover(req, res, url);
      case 'POST /otp':
      case 'POST /magiclink':
        return otp(req, res, url);
      case 'POST /resend':
        return resend(req, res, url);
      case 'POST /invite':
        return invite(req, res, url);
      case 'GET /verify':
        return verifyGet(res, url);
      case 'POST /verify':
        return verifyPost(req, res);
    }
    if (path.startsWith('/admin/')) {
      return handleAdmin(req, res, path.replace(/\/+$/, ''), url, {
        pool,
        claims: await bearerClaims(req),
        body: () => readBodyObject(req),
        validateEmail,
        checkPassword,
        send,
      });
    }
    throw notFound('not_found', 'Not Found');
  }

  return {
    async handle(req, res, path, url) {
      try {
        await ensureSchema();
        await route(req, res, path, url);
      } catch (error) {
        if (res.headersSent) return void res.end();
        if (error instanceof AuthError) return sendAuthError(req, res, error);
        ctx.log('auth', `${req.method} ${path}: ${(error as Error).stack ?? String(error)}`);
        sendAuthError(
          req,
          res,
          new AuthError(
            500,
            'unexpected_failure',
            'Unexpected failure, please check server logs for more information',
          ),
        );
      }
    },
  };
}
