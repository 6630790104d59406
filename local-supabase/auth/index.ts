import type { IncomingMessage, ServerResponse } from 'node:http';
import { readSigningKeys, setSigningKeys } from '../jwt.ts';
import type { Mailer } from '../mail.ts';
import type { HttpService, StackContext } from '../types.ts';
import { applySbForwardedFor, type AuthApi, newAuthRequest } from './api.ts';
import { readAuthSettings, type AuthSettings } from './config.ts';
import { AuthError, sendAuthError } from './errors.ts';
import { createHooks } from './hooks.ts';
import { createAuthMailer } from './mailer.ts';
import { createPasswordHasher } from './password.ts';
import { createRateLimiters } from './rate-limit.ts';
import type { RateLimitSettings } from './rate-limit-settings.ts';
import { route } from './routes.ts';
import { MFA_SCHEMA_SQL } from './mfa-store.ts';
import { AUTH_SCHEMA_SQL } from './store.ts';

/**
 * Auth: the subset of GoTrue (Supabase Auth) that `@supabase/auth-js` calls, with GoTrue's paths,
 * response shapes, error codes and messages, configured from `supabase/config.toml`. Users live in
 * auth.users, so database triggers written for Supabase work unchanged.
 *
 * One file per endpoint group (signup, token, user, logout, recover/otp/resend, invite, verify,
 * settings, admin), the route table with its middleware in routes.ts, and the services they share:
 * rate limits (rate-limit.ts), password hashing off the event loop (password.ts), the
 * before-user-created hook (hooks.ts), and the email templates (mailer.ts).
 */
export interface AuthOptions {
  /** GoTrue's MAILER_AUTOCONFIRM; default: config.toml's `[auth.email] enable_confirmations` inverted. */
  autoconfirm?: boolean;
  /** GoTrue's DISABLE_SIGNUP; default: config.toml's `enable_signup` inverted. */
  disableSignup?: boolean;
  /** Emails a single address may be sent (recovery, magic link, confirmation) per minute. */
  emailsPerMinute?: number;
  /** Overrides of config.toml's `[auth.rate_limit]`. */
  rateLimits?: Partial<RateLimitSettings>;
  /** Settings to use instead of reading supabase/config.toml. */
  settings?: AuthSettings;
}

export function createAuth(ctx: StackContext, mail: Mailer, options: AuthOptions = {}): HttpService {
  const settings = options.settings ?? readAuthSettings();
  const keysFile = process.env.LOCAL_SUPABASE_SIGNING_KEYS ?? settings.signingKeysPath;
  // Tokens are signed with the project's signing keys when it has some (HS256 otherwise).
  if (keysFile) {
    setSigningKeys(readSigningKeys(keysFile)).catch((error: unknown) =>
      ctx.log('auth', `signing keys ${keysFile}: ${(error as Error).message}`),
    );
  }
  const env = process.env.LOCAL_SUPABASE_AUTH_AUTOCONFIRM;
  const pool = ctx.adminPool;
  const log = (message: string) => ctx.log('auth', message);
  const running = new Set<Promise<void>>();

  const api: AuthApi = {
    config: ctx.config,
    settings,
    pool,
    autoconfirm: options.autoconfirm ?? (env !== undefined ? env !== 'false' : !settings.enableConfirmations),
    disableSignup: options.disableSignup ?? !settings.enableSignup,
    passwords: createPasswordHasher(),
    hooks: createHooks(
      ctx.config,
      pool,
      {
        beforeUserCreated: settings.beforeUserCreated,
        passwordVerificationAttempt: settings.passwordVerificationAttempt,
        mfaVerificationAttempt: settings.mfaVerificationAttempt,
      },
      log,
    ),
    mailer: createAuthMailer(mail, settings.templates),
    limits: createRateLimiters(
      { ...settings.rateLimit, ...options.rateLimits },
      options.emailsPerMinute ?? 5,
      process.env.LOCAL_SUPABASE_AUTH_ADDRESS_LIMITS !== 'off',
    ),
    log: ctx.log,
    background(what, task) {
      const run = task()
        .catch((error: unknown) => log(`${what}: ${(error as Error).message}`))
        .finally(() => running.delete(run));
      running.add(run);
    },
  };

  let schemaReady: Promise<void> | undefined;
  const ensureSchema = () => {
    schemaReady ??= pool
      .query(AUTH_SCHEMA_SQL + MFA_SCHEMA_SQL)
      .then(() => undefined)
      .catch((error: unknown) => {
        schemaReady = undefined;
        throw error;
      });
    return schemaReady;
  };
  // Created at start, not only on the first request: RLS policies and SQL read auth.mfa_factors
  // before anyone calls Auth (a failure here is retried by the first request).
  ensureSchema().catch((error: unknown) => log(`auth schema: ${(error as Error).message}`));

  async function handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
    try {
      await ensureSchema();
      const r = newAuthRequest(req, res, path, url);
      await applySbForwardedFor(r);
      await route(api, r);
    } catch (error) {
      if (res.headersSent) return void res.end();
      if (error instanceof AuthError) return sendAuthError(req, res, error);
      log(`${req.method} ${path}: ${(error as Error).stack ?? String(error)}`);
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
  }

  return {
    handle,
    async close() {
      await Promise.allSettled([...running]);
      await Promise.all([api.passwords.close(), api.hooks.close()]);
    },
  };
}
