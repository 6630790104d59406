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
 * status and message. Only before-user-created is supported here.
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

export interface Hooks {
  /** Throws the hook's refusal as an AuthError; returns when the user may be created. */
  beforeUserCreated(user: HookUser, ip: string): Promise<void>;
  close(): Promise<void>;
}

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
  setting: HookSetting | undefined,
  log: (message: string) => void,
): Hooks {
  const enabled = setting?.enabled === true;
  const fn = enabled ? hookFunctionName(setting.uri) : '';
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

  return {
    async beforeUserCreated(user, ip) {
      if (!enabled) return;
      const event = {
        metadata: {
          uuid: crypto.randomUUID(),
          time: new Date().toISOString(),
          name: 'before-user-created',
          ip_address: ip,
        },
        user,
      };
      const client = await (await hookPool()).connect();
      let answer: unknown;
      try {
        await client.query('begin');
        await client.query(`set local statement_timeout to ${HOOK_TIMEOUT_MS}`);
        const { rows } = await client.query<{ answer: unknown }>(`select ${fn}($1::jsonb) as answer`, [
          JSON.stringify(event),
        ]);
        await client.query('commit');
        answer = rows[0]?.answer;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        log(`before-user-created hook ${setting?.uri} failed: ${(error as Error).message}`);
        throw unexpectedFailure(`Error running hook URI: ${setting?.uri}`);
      } finally {
        client.release();
      }
      const refusal = hookRefusal(answer);
      if (refusal) throw refusal;
    },
    async close() {
      const own = await pool?.catch(() => undefined);
      if (own && own !== adminPool) await own.end();
    },
  };
}
