import type pg from 'pg';
import type { Claims } from '../jwt.ts';
import type { StackContext } from '../types.ts';
import { ident, key, type Notice, type PublishedTables, type TableInfo } from './change-capture.ts';

/**
 * Row level security for postgres_changes: before an INSERT or UPDATE reaches a subscriber, the
 * version of the row the change produced is checked against the subscriber's SELECT policies,
 * evaluated as its role with its JWT claims set, exactly as the REST layer runs a request.
 * Subscribers with the same claims share one check, and all checks of a batch of changes run in a
 * single round trip. A role without SELECT on the table receives nothing.
 */

/** a key no table column has, carrying a version's place in the batch through the policy check */
const CHECK_INDEX = '__local_realtime_check';
const VERSION_COLUMN = '__local_realtime_version';

export /** Whether one change may reach the subscribers holding one set of claims, and with which row. */
interface Check {
  notice: Notice;
  table: TableInfo;
  claims: Claims;
  claimsKey: string;
  visible?: boolean;
  row?: Record<string, unknown>;
}

/** One query of a visibility check, run as `claims`: selects `g` (a check's index) and maybe `r` (its row). */
interface Step {
  claims: Claims;
  sql: string;
  checks: Check[];
}

type Found = Map<number, Record<string, unknown> | null>;

/**
 * Runs the steps of a batch's visibility checks on one API connection: all in one read-only
 * transaction, one round trip, each step as its role with its claims set (as a REST request is).
 */
class CheckRunner {
  private indexes: Map<Check, number>;

  constructor(
    private client: pg.PoolClient,
    checks: Check[],
  ) {
    this.indexes = new Map(checks.map((c, i) => [c, i]));
  }

  indexOf(check: Check): number {
    return this.indexes.get(check)!;
  }

  lit(value: string): string {
    return this.client.escapeLiteral(value);
  }

  private asRole(claims: Claims): string {
    return (
      `set local role ${ident(claims.role)};` +
      `select set_config('request.jwt.claims', ${this.lit(JSON.stringify(claims))}, true),` +
      ` set_config('request.jwt.claim.sub', ${this.lit(claims.sub ?? '')}, true),` +
      ` set_config('request.jwt.claim.role', ${this.lit(claims.role)}, true);`
    );
  }

  private async run(steps: Step[]): Promise<Found> {
    const found: Found = new Map();
    const sql = 'begin read only;' + steps.map((s) => this.asRole(s.claims) + s.sql).join('') + 'commit;';
    const raw = (await this.client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
    for (const part of Array.isArray(raw) ? raw : [raw]) {
      if (!part.fields?.some((f) => f.name === 'g')) continue;
      for (const row of part.rows as { g: string | number; r?: Record<string, unknown> }[]) {
        found.set(Number(row.g), row.r ?? null);
      }
    }
    return found;
  }

  /** All steps in one round trip; if that fails, each alone, so the others still get through. */
  async runEach(steps: Step[]): Promise<{ found: Found; failed: Check[] }> {
    if (!steps.length) return { found: new Map(), failed: [] };
    try {
      return { found: await this.run(steps), failed: [] };
    } catch {
      await this.client.query('rollback').catch(() => {});
      const found: Found = new Map();
      const failed: Check[] = [];
      for (const step of steps) {
        try {
          for (const [g, r] of await this.run([step])) found.set(g, r);
        } catch {
          await this.client.query('rollback').catch(() => {});
          failed.push(...step.checks);
        }
      }
      return { found, failed };
    }
  }
}

/** One select per check: the row by its primary key, as the check's role sees it now. */
function lookupSteps(runner: CheckRunner, checks: Check[]): Step[] {
  const steps: Step[] = [];
  for (const check of checks) {
    const { table, notice } = check;
    const keyRow = notice.r ?? {};
    if (!table.primaryKey.length || !table.primaryKey.every((k) => k in keyRow)) continue;
    const where = table.primaryKey
      .map((k) => {
        const value = keyRow[k];
        if (value === null) return 'false';
        const sqlType = table.columns.find((c) => c.name === k)?.sqlType ?? 'text';
        const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
        return `t.${ident(k)} = ${runner.lit(text)}::${sqlType}`;
      })
      .join(' and ');
    steps.push({
      claims: check.claims,
      checks: [check],
      sql:
        `select ${runner.indexOf(check)} as g, to_jsonb(t) as r ` +
        `from ${ident(table.schema)}.${ident(table.table)} t where ${where};`,
    });
  }
  return steps;
}

/** Which role sees which change: the checks, and what they learn of the catalog (until the next scan). */
export class Visibility {
  private privileges = new Map<string, boolean>();
  private policies = new Map<string, string>();

  constructor(
    private ctx: StackContext,
    private published: PublishedTables,
  ) {}

  /** Forgets privileges and policies read before the catalog changed. */
  forget() {
    this.privileges.clear();
    this.policies.clear();
  }

  /**
   * Decides, for each check, whether its role may see the change and which row it receives.
   *
   * The version of the row the change produced is checked against the role's SELECT policies
   * (permissive ones or'ed, restrictive ones and'ed, exactly the expressions Postgres would apply),
   * evaluated as that role with its claims set, like a REST request. So each event carries its own
   * version, and a version the role may not see is never sent. When the notice carries only the
   * primary key (a row too large for NOTIFY), or a policy cannot be evaluated on a detached row, the
   * row is selected from the table by primary key as the role instead, and sent as that returns it.
   * All checks of a batch of changes run in one read-only transaction, in one round trip.
   */
  async resolve(checks: Check[]) {
    const byPolicy: Check[] = [];
    const byLookup: Check[] = [];
    for (const check of checks) {
      const { notice, table, claims } = check;
      if (!(await this.maySelect(claims.role, table))) continue;
      const seesAll = !table.rlsEnabled || this.published.bypassRoles.has(claims.role);
      if (notice.op === 'DELETE' || (seesAll && !notice.x)) {
        // A DELETE reaches every role that may select from the table (RLS tables: only the key).
        check.visible = true;
        check.row = notice.r ?? undefined;
      } else if (notice.x) byLookup.push(check);
      else byPolicy.push(check);
    }
    if (!byPolicy.length && !byLookup.length) return;

    const client = await this.ctx.apiPool.connect();
    try {
      const runner = new CheckRunner(client, checks);
      // 1. Each produced version against its role's policies: one select per claims and table.
      const checked = await runner.runEach(await this.policySteps(runner, byPolicy));
      for (const check of byPolicy) {
        if (checked.found.has(runner.indexOf(check))) {
          check.visible = true;
          check.row = check.notice.r ?? undefined;
        }
      }
      // 2. Where that could not be done: the row as the role selects it now, by primary key.
      byLookup.push(...checked.failed);
      const looked = await runner.runEach(lookupSteps(runner, byLookup));
      for (const check of byLookup) {
        const row = looked.found.get(runner.indexOf(check));
        if (row) {
          check.visible = true;
          check.row = row;
        }
      }
    } finally {
      client.release();
    }
  }

  /** One select per claims and table: which of the checks' versions its SELECT policies return. */
  private async policySteps(runner: CheckRunner, checks: Check[]): Promise<Step[]> {
    const byStep = new Map<string, { claims: Claims; table: TableInfo; checks: Check[] }>();
    for (const check of checks) {
      const stepKey = `${check.claimsKey}|${key(check.table.schema, check.table.table)}`;
      const group = byStep.get(stepKey) ?? { claims: check.claims, table: check.table, checks: [] };
      group.checks.push(check);
      byStep.set(stepKey, group);
    }
    const steps: Step[] = [];
    for (const { claims, table, checks: grouped } of byStep.values()) {
      const qualified = `${ident(table.schema)}.${ident(table.table)}`;
      const condition = await this.policyCondition(claims.role, table);
      const versions = grouped.map((c) => ({ ...c.notice.r, [CHECK_INDEX]: runner.indexOf(c) }));
      // The rows take the table's name, so policies that name it (table.column) still resolve.
      const sql =
        `select (${ident(table.table)}.${VERSION_COLUMN} ->> '${CHECK_INDEX}')::int as g from (` +
        `select r.*, e.version as ${VERSION_COLUMN} ` +
        `from jsonb_array_elements(${runner.lit(JSON.stringify(versions))}::jsonb) as e(version), ` +
        `jsonb_populate_record(null::${qualified}, e.version) as r) as ${ident(table.table)} ` +
        `where ${condition};`;
      steps.push({ claims, sql, checks: grouped });
    }
    return steps;
  }

  /** The role's SELECT policies on the table as one SQL condition (cached until the next scan). */
  private async policyCondition(role: string, table: TableInfo): Promise<string> {
    const cacheKey = `${role}|${table.schema}.${table.table}`;
    const cached = this.policies.get(cacheKey);
    if (cached !== undefined) return cached;
    const { rows } = await this.ctx.adminPool.query<{
      permissive: string | null;
      restrictive: string | null;
    }>(
      `with applicable as (
         select p.permissive, coalesce(p.qual, 'false') as qual
         from pg_policies p
         where p.schemaname = $1 and p.tablename = $2 and p.cmd in ('SELECT', 'ALL')
           and exists (select from unnest(p.roles) r
                       where case when r = 'public' then true else pg_has_role($3, r, 'USAGE') end))
       select (select string_agg('(' || qual || ')', ' or ') from applicable
                where permissive = 'PERMISSIVE') as permissive,
              (select string_agg('(' || qual || ')', ' and ') from applicable
                where permissive = 'RESTRICTIVE') as restrictive`,
      [table.schema, table.table, role],
    );
    const permissive = rows[0]?.permissive ?? 'false';
    const restrictive = rows[0]?.restrictive ?? 'true';
    const condition = `(${permissive}) and (${restrictive})`;
    this.policies.set(cacheKey, condition);
    return condition;
  }

  private async maySelect(role: string, table: TableInfo): Promise<boolean> {
    const cacheKey = `${role}|${table.schema}.${table.table}`;
    const cached = this.privileges.get(cacheKey);
    if (cached !== undefined) return cached;
    let allowed = false;
    try {
      const { rows } = await this.ctx.adminPool.query<{ ok: boolean }>(
        `select pg_has_role('authenticator', $1, 'member') and has_table_privilege($1, $2, 'select') as ok`,
        [role, `${ident(table.schema)}.${ident(table.table)}`],
      );
      allowed = rows[0]?.ok === true;
    } catch {
      allowed = false;
    }
    this.privileges.set(cacheKey, allowed);
    return allowed;
  }
}
