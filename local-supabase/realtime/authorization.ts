import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Claims } from '../jwt.ts';

/**
 * Realtime Authorization as hosted Supabase does it (supabase.com/docs/guides/realtime/authorization):
 * who may read from (receive broadcasts, see presence) and write to (send broadcasts, track
 * presence) a private channel is decided by the project's RLS policies on `realtime.messages`.
 *
 * - read: inside a transaction, one probe row per extension (`broadcast`, `presence`) is inserted
 *   for the topic as the platform, then, as the user's role with their JWT claims, the probes are
 *   selected back: a probe the user's SELECT policies return is an extension they may read. The
 *   transaction is rolled back, so nothing is ever stored.
 * - write: as the user's role, one row per extension is inserted (each in its own savepoint);
 *   an insert the INSERT policies refuse (42501) is an extension they may not write. Rolled back.
 *
 * During both checks `realtime.topic()` returns the channel's topic (`realtime.topic` setting),
 * `auth.uid()`/`auth.jwt()` the user's claims (`request.jwt.claims`, `request.jwt.claim.sub`,
 * `request.jwt.claim.role`) and `request.headers` the headers of the WebSocket upgrade.
 * Read is checked on join (and again on a new access token), write lazily on the first send or
 * track, and each answer is kept for the channel's life, as on Supabase.
 */

export type Extension = 'broadcast' | 'presence';
export const ALL_EXTENSIONS: Extension[] = ['broadcast', 'presence'];

interface Permission {
  /** undefined: not evaluated yet */
  read?: boolean;
  write?: boolean;
}

export interface Policies {
  broadcast: Permission;
  presence: Permission;
}

export const emptyPolicies = (): Policies => ({ broadcast: {}, presence: {} });

export interface AuthorizationContext {
  /** the channel's topic without the `realtime:` prefix */
  topic: string;
  claims: Claims;
  headers: Record<string, string>;
}

/** A policy could not be evaluated (it raised an error, or the role is not one the API may use). */
export class PolicyError extends Error {}

const INSUFFICIENT_PRIVILEGE = '42501';

/** The settings hosted Realtime gives each check, as `set_config(..., true)` (transaction-local). */
const CONFIG_SQL = `select
  set_config('role', $1, true),
  set_config('realtime.topic', $2, true),
  set_config('request.jwt.claims', $3, true),
  set_config('request.jwt.claim.sub', $4, true),
  set_config('request.jwt.claim.role', $1, true),
  set_config('request.headers', $5, true)`;

export class Authorizer {
  constructor(private pool: pg.Pool) {}

  /** Evaluates read for `extensions` and returns the policies updated with the answers. */
  async read(context: AuthorizationContext, extensions: Extension[], policies: Policies): Promise<Policies> {
    const probes = extensions.map((extension) => ({ extension, id: randomUUID() }));
    const allowed = await this.inTransaction(context, async (client) => {
      await client.query(
        `insert into realtime.messages (id, topic, extension)
         select unnest($1::uuid[]), $2, unnest($3::text[])`,
        [probes.map((p) => p.id), context.topic, probes.map((p) => p.extension)],
      );
      await this.becomeUser(client, context);
      const { rows } = await client.query<{ id: string }>(
        'select id from realtime.messages where id = any($1::uuid[])',
        [probes.map((p) => p.id)],
      );
      return new Set(rows.map((row) => row.id));
    });
    const next = clone(policies);
    for (const probe of probes) next[probe.extension].read = allowed.has(probe.id);
    return next;
  }

  /**
   * Evaluates write for `extensions` (the others are answered false, as hosted Realtime answers
   * the extensions it was not asked about) and returns the updated policies.
   */
  async write(context: AuthorizationContext, extensions: Extension[], policies: Policies): Promise<Policies> {
    const answers = await this.inTransaction(context, async (client) => {
      await this.becomeUser(client, context);
      const result = new Map<Extension, boolean>();
      for (const extension of ALL_EXTENSIONS) {
        if (!extensions.includes(extension)) {
          result.set(extension, false);
          continue;
        }
        await client.query('savepoint realtime_write_check');
        try {
          await client.query('insert into realtime.messages (topic, extension) values ($1, $2)', [
            context.topic,
            extension,
          ]);
          result.set(extension, true);
        } catch (error) {
          if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE) throw error;
          result.set(extension, false);
        }
        await client.query('rollback to savepoint realtime_write_check');
      }
      return result;
    });
    const next = clone(policies);
    for (const [extension, allowed] of answers) next[extension].write = allowed;
    return next;
  }

  private async becomeUser(client: pg.PoolClient, context: AuthorizationContext) {
    const role = String(context.claims.role ?? '');
    // The API connects as `authenticator` and may only become the roles granted to it (anon,
    // authenticated, service_role); this connection is a superuser's, so the check is explicit.
    const { rows } = await client.query<{ ok: boolean }>(
      `select exists (select from pg_roles where rolname = $1)
         and pg_has_role('authenticator', $1, 'member') as ok`,
      [role],
    );
    if (!rows[0]?.ok) throw new PolicyError(`role "${role}" may not be used by the API`);
    await client.query(CONFIG_SQL, [
      role,
      context.topic,
      JSON.stringify(context.claims),
      typeof context.claims.sub === 'string' ? context.claims.sub : '',
      JSON.stringify(context.headers),
    ]);
  }

  private async inTransaction<T>(
    context: AuthorizationContext,
    work: (client: pg.PoolClient) => Promise<T>,
  ): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      await client.query(`set local statement_timeout = '5s'`);
      const result = await work(client);
      return result;
    } catch (error) {
      if (error instanceof PolicyError) throw error;
      const e = error as { message?: string };
      throw new PolicyError(`${context.topic}: ${e.message ?? String(error)}`);
    } finally {
      // Whatever the checks inserted is never kept.
      await client.query('rollback').catch(() => {});
      client.release();
    }
  }
}

function clone(policies: Policies): Policies {
  return { broadcast: { ...policies.broadcast }, presence: { ...policies.presence } };
}
