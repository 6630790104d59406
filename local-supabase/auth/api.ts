import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type pg from 'pg';
import { apiUrl, type StackConfig } from '../config.ts';
import { verifyJwt, type Claims } from '../jwt.ts';
import type { StackContext } from '../types.ts';
import type { AuthSettings, EmailKind } from './config.ts';
import { AuthError, unexpectedFailure, unprocessable } from './errors.ts';
import type { Hooks, HookUser } from './hooks.ts';
import type { AuthMailer } from './mailer.ts';
import type { PasswordHasher } from './password.ts';
import type { RateLimiters } from './rate-limit.ts';
import { readBodyObject } from './request.ts';
import {
  insertUser,
  randomOtp,
  randomToken,
  saveOneTimeToken,
  updateUser,
  type Db,
  type NewUser,
  type OneTimeTokenType,
  type UserRow,
} from './store.ts';

/**
 * What every endpoint is given (GoTrue's `API`): the settings, the database, the password hasher,
 * the hooks, the mailer and the rate limits; and the request as it flows through the middleware.
 */
export interface AuthApi {
  config: StackConfig;
  settings: AuthSettings;
  pool: pg.Pool;
  autoconfirm: boolean;
  disableSignup: boolean;
  passwords: PasswordHasher;
  hooks: Hooks;
  mailer: AuthMailer;
  limits: RateLimiters;
  log: StackContext['log'];
  /** Runs work after the answer has gone (emails), so its duration tells the caller nothing. */
  background(what: string, task: () => Promise<void>): void;
}

export interface AuthRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** the path below /auth/v1, without a trailing slash */
  path: string;
  /** the client's address, as the gateway forwards it */
  ip: string;
  /** the JSON body (read once) */
  body(): Promise<Record<string, unknown>>;
  /** set by requireAuthentication */
  user?: UserRow;
  sessionId?: string;
  /** set by requireAuthentication and requireAdmin */
  claims?: Claims;
}

export function newAuthRequest(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
): AuthRequest {
  let body: Promise<Record<string, unknown>> | undefined;
  // The gateway appends the address it saw: the last entry is the only one a client cannot forge.
  const forwarded = req.headers['x-forwarded-for'];
  const last = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').pop()?.trim();
  return {
    req,
    res,
    url,
    path: path.replace(/\/+$/, '') || '/',
    ip: last || req.socket.remoteAddress || 'unknown',
    body: () => (body ??= readBodyObject(req)),
  };
}

/**
 * GoTrue's `Sb-Forwarded-For` (GOTRUE_SECURITY_SB_FORWARDED_FOR_ENABLED): a server that calls Auth
 * for its own client (the child-sign-in function) names that client's address, and Auth uses its
 * first value for the per-address rate limits and the hooks instead of the server's own address.
 * GoTrue trusts the header only from trustworthy callers; here that is a caller with the
 * service_role key (the local gateway passes every header on), so a browser cannot choose its
 * address. An invalid value is ignored, as GoTrue does.
 */
export async function applySbForwardedFor(r: AuthRequest): Promise<void> {
  const header = r.req.headers['sb-forwarded-for'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
  if (!first || isIP(first) === 0) return;
  const key = r.req.headers.apikey;
  const bearer = /^bearer\s+(\S+)$/i.exec(r.req.headers.authorization ?? '')?.[1];
  for (const token of [typeof key === 'string' ? key : undefined, bearer]) {
    if (!token) continue;
    try {
      if ((await verifyJwt(token, { requireExp: false })).role === 'service_role') {
        r.ip = first;
        return;
      }
    } catch {
      /* not a key: the header is not trusted */
    }
  }
}

export type VerifyType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'email';
export const TOKEN_TYPES: Record<VerifyType, OneTimeTokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
};
export const isVerifyType = (value: unknown): value is VerifyType =>
  typeof value === 'string' && Object.hasOwn(TOKEN_TYPES, value);

/** A redirect target the emails may send people to: the site, or a local development origin. */
export function allowedRedirect(api: AuthApi, raw: string | null | undefined): string {
  const site = api.config.siteUrl;
  if (!raw) return site;
  try {
    const target = new URL(raw);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return site;
    if (target.origin === new URL(site).origin) return target.toString();
    if (['localhost', '127.0.0.1', '[::1]'].includes(target.hostname)) return target.toString();
  } catch {
    /* not a URL */
  }
  return site;
}

export const redirectParam = (api: AuthApi, r: AuthRequest) =>
  allowedRedirect(api, r.url.searchParams.get('redirect_to'));

/**
 * Creates a user as GoTrue does: the before-user-created hook sees the user first and may refuse,
 * then the row is written (in `db`, which may be a transaction).
 */
export async function createUser(
  api: AuthApi,
  r: AuthRequest,
  db: Db,
  user: Omit<NewUser, 'id'>,
): Promise<UserRow> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const candidate: HookUser = {
    id,
    aud: 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: user.anonymous ?? false,
  };
  await api.hooks.beforeUserCreated(candidate, r.ip);
  try {
    return await insertUser(db, { ...user, id });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw unprocessable('user_already_exists', 'User already registered');
    }
    if (error instanceof AuthError) throw error;
    api.log('auth', `saving a new user failed: ${(error as Error).message}`);
    throw unexpectedFailure('Database error saving new user');
  }
}

const EMAIL_FOR: Record<VerifyType, { kind: EmailKind; token: OneTimeTokenType; sentAt?: keyof UserRow }> = {
  signup: { kind: 'confirmation', token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  email: { kind: 'confirmation', token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  invite: { kind: 'invite', token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { kind: 'recovery', token: 'recovery_token', sentAt: 'recovery_sent_at' },
  magiclink: { kind: 'magic_link', token: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change: { kind: 'email_change', token: 'email_change_token_new' },
};

/**
 * Emails `user` a link (and a 6-digit code) of the given type, rendered from the configured
 * template. `to` is the user's address, or the new one for an email change.
 */
export async function sendLinkEmail(
  api: AuthApi,
  user: UserRow,
  type: VerifyType,
  redirectTo: string,
  to = user.email ?? '',
  /** for an email change with secure email change on: the link to the current address */
  toCurrentAddress = false,
): Promise<void> {
  if (!to) return;
  const { kind, sentAt } = EMAIL_FOR[type];
  const tokenType: OneTimeTokenType = toCurrentAddress ? 'email_change_token_current' : EMAIL_FOR[type].token;
  const newEmail = type === 'email_change' ? (toCurrentAddress ? (user.email_change ?? '') : to) : undefined;
  const token = randomToken();
  const otp = randomOtp();
  // An email change's tokens both relate to the new address (what the change applies).
  await saveOneTimeToken(api.pool, user.id, tokenType, token, newEmail ?? to, otp, to);
  if (sentAt) await updateUser(api.pool, user.id, { [sentAt]: new Date() });
  const query = new URLSearchParams({ token, type, redirect_to: redirectTo });
  try {
    await api.mailer.send(kind, to, {
      ConfirmationURL: `${apiUrl(api.config)}/auth/v1/verify?${query.toString()}`,
      Token: otp,
      TokenHash: token,
      SiteURL: api.config.siteUrl,
      RedirectTo: redirectTo,
      Email: user.email ?? '',
      NewEmail: newEmail,
      Data: user.raw_user_meta_data ?? {},
    });
  } catch (error) {
    api.log('auth', `sending the ${kind} email to ${to} failed: ${(error as Error).message}`);
    throw unexpectedFailure('Error sending email');
  }
}
