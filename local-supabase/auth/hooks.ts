import crypto from 'node:crypto';
import pg from 'pg';
import { dbUrl, type StackConfig } from '../config.ts';
import { AuthError, unexpectedFailure } from './errors.ts';
import type { HookSetting } from './config.ts';

/**
 * Auth hooks as Supabase Auth runs Postgres-function hooks (`pg-functions://postgres/<schema>/<fn>`):
 * the function is called with one jsonb event, inside a transaction with a 2 s statement timeout, as
 * the role hosted Auth connects with (supabase_auth_admin). It answers `{}` to allow, or
 * `{"error": {"http_code": 403, "message": "..."}}` to refuse; Auth answers a refusal with that
 * status and message. Three hooks are run here: before-user-created, and the two that judge a
 * verification attempt (password-verification and mfa-verification), which answer
 * `{"decision": "continue" | "reject", "message": "..."}` and, for passwords, `should_logout_user`.
 */
export interface HookUser {
  id: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: unknown[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
}

/** A verification hook's answer (GoTrue's PasswordVerificationAttemptOutput / MFAVerificationAttemptOutput). */
export interface VerificationDecision {
  reject: boolean;
  /** the hook's message, or GoTrue's default one when it gave none */
  message: string;
  shouldLogoutUser: boolean;
}

export interface Hooks {
  /** Throws the hook's refusal as an AuthError; returns when the user may be created. */
  beforeUserCreated(user: HookUser, ip: string): Promise<void>;
  /** After a password was checked for a user who has one: undefined when the hook is off. */
  passwordVerificationAttempt(
    userId: string,
    valid: boolean,
    ip: string,
  ): Promise<VerificationDecision | undefined>;
  /** After a TOTP code was checked against a challenge: undefined when the hook is off. */
  mfaVerificationAttempt(
    input: { userId: string; factorId: string; factorType: string; valid: boolean },
    ip: string,
  ): Promise<VerificationDecision | undefined>;
  close(): Promise<void>;
}

export interface HookSettings {
  beforeUserCreated?: HookSetting;
  passwordVerificationAttempt?: HookSetting;
  mfaVerificationAttempt?: HookSetting;
}

/** GoTrue's messages when a verification hook rejects without one. */
export const DEFAULT_PASSWORD_REJECTION = 'Further password verification attempts will be rejected.';
export const DEFAULT_MFA_REJECTION = 'Further MFA verification attempts will be rejected.';

const HOOK_TIMEOUT_MS = 2000;
const AUTH_ROLE = 'supabase_auth_admin';

/** `pg-functions://postgres/public/my_hook` → `"public"."my_hook"` */
export function hookFunctionName(uri: string): string {
  const match = /^pg-functions:\/\/[^/]+\/([^/]+)\/([^/]+)$/.exec(uri);
  if (!match)
    throw new Error(`unsupported hook URI ${uri}: expected pg-functions://postgres/<schema>/<function>`);
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  return `${quote(match[1])}.${quote(match[2])}`;
}

/** Reads a verification hook's answer: `decision: "reject"` refuses; anything else continues. */
export function verificationDecision(answer: unknown, defaultMessage: string): VerificationDecision {
  const hookError = hookRefusal(answer);
  if (hookError) throw hookError;
  const output = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
  const message =
    typeof output.message === 'string' && output.message !== '' ? output.message : defaultMessage;
  return {
    reject: output.decision === 'reject',
    message,
    shouldLogoutUser: output.should_logout_user === true,
  };
}

/** Reads a hook's answer as GoTrue does: an error with a message refuses (no status means 500). */
export function hookRefusal(answer: unknown): AuthError | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const error = (answer as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { http_code: status, message } = error as { http_code?: unknown; message?: unknown };
  if (typeof message !== 'string' || message === '') return undefined;
  const code = typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
  return new AuthError(code, code === 500 ? 'unexpected_failure' : 'unknown', message);
}

export function createHooks(
  config: StackConfig,
  adminPool: pg.Pool,
  settings: HookSettings,
  log: (message: string) => void,
): Hooks {
  let pool: Promise<pg.Pool> | undefined;

  /** A pool of supabase_auth_admin connections, or the superuser's where the role cannot log in. */
  function hookPool(): Promise<pg.Pool> {
    pool ??= (async () => {
      const own = new pg.Pool({ connectionString: dbUrl(config, AUTH_ROLE, config.dbPassword), max: 2 });
      own.on('error', () => {});
      try {
        (await own.connect()).release();
        return own;
      } catch (error) {
        await own.end().catch(() => {});
        log(`hooks run as postgres: ${AUTH_ROLE} cannot connect (${(error as Error).message})`);
        return adminPool;
      }
    })();
    return pool;
  }

  /**
   * Calls the hook's function with the event in its own transaction (GoTrue passes no outer
   * transaction for these hooks, so what the function records stays even when Auth then refuses).
   */
  async function run(setting: HookSetting, name: string, ip: string, fields: Record<string, unknown>) {
    const event = {
      metadata: { uuid: crypto.randomUUID(), time: new Date().toISOString(), name, ip_address: ip },
      ...fields,
    };
    const client = await (await hookPool()).connect();
    try {
      await client.query('begin');
      await client.query(`set local statement_timeout to ${HOOK_TIMEOUT_MS}`);
      const { rows } = await client.query<{ answer: unknown }>(
        `select ${hookFunctionName(setting.uri)}($1::jsonb) as answer`,
        [JSON.stringify(event)],
      );
      await client.query('commit');
      return rows[0]?.answer;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      log(`${name} hook ${setting.uri} failed: ${(error as Error).message}`);
      throw unexpectedFailure(`Error running hook URI: ${setting.uri}`);
    } finally {
      client.release();
    }
  }

  const enabled = (setting: HookSetting | undefined): setting is HookSetting => setting?.enabled === true;
  // A bad URI fails at start, as GoTrue's configuration check does.
  for (const setting of Object.values(settings)) if (enabled(setting)) hookFunctionName(setting.uri);

  return {
    async beforeUserCreated(user, ip) {
      const setting = settings.beforeUserCreated;
      if (!enabled(setting)) return;
      const refusal = hookRefusal(await run(setting, 'before-user-created', ip, { user }));
      if (refusal) throw refusal;
    },
    async passwordVerificationAttempt(userId, valid, ip) {
      const setting = settings.passwordVerificationAttempt;
      if (!enabled(setting)) return undefined;
      const answer = await run(setting, 'password-verification', ip, { user_id: userId, valid });
      return verificationDecision(answer, DEFAULT_PASSWORD_REJECTION);
    },
    async mfaVerificationAttempt(input, ip) {
      const setting = settings.mfaVerificationAttempt;
      if (!enabled(setting)) return undefined;
      const answer = await run(setting, 'mfa-verification', ip, {
        user_id: input.userId,
        factor_id: input.factorId,
        factor_type: input.factorType,
        valid: input.valid,
      });
      return { ...verificationDecision(answer, DEFAULT_MFA_REJECTION), shouldLogoutUser: true };
    },
    async close() {
      const own = await pool?.catch(() => undefined);
      if (own && own !== adminPool) await own.end();
    },
  };
}
