import pg from 'pg';
import { dbUrl } from '../config.ts';
import type { Claims } from '../jwt.ts';
import { matchesFilter, type ChangeFilter } from './filter.ts';
import type { StackContext } from '../types.ts';

/**
 * Postgres changes for the local Realtime: which rows of the tables in publication
 * `supabase_realtime` were inserted, updated or deleted, delivered to each subscribed binding whose
 * role may see the row.
 *
 * Supabase reads the write-ahead log; here an AFTER row trigger on each published table sends a
 * compact NOTIFY (schema, table, operation, the row as JSON when it fits, else its primary key),
 * which a dedicated connection LISTENs to. An event trigger NOTIFYs on every DDL command, so tables
 * added to the publication by later migrations are covered within moments, and a join that names a
 * table not yet known rescans before it is answered.
 *
 * Row level security: before an INSERT or UPDATE reaches a subscriber, the version of the row the
 * change produced is checked against the subscriber's SELECT policies, evaluated as its role with
 * its JWT claims set, exactly as the REST layer runs a request (see `visibleRows`). Subscribers
 * with the same claims share one check, and all checks of one change run in a single round trip.
 * A role without SELECT on the table receives nothing. UPDATEs and DELETEs carry only the primary
 * key in `old_record` on tables with RLS, as on Supabase.
 */

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE';

export interface ChangeBinding {
  id: number;
  event: '*' | ChangeEvent;
  schema: string;
  /** undefined or '*' = every published table of the schema */
  table?: string;
  filter?: ChangeFilter;
}

export interface ChangeData {
  schema: string;
  table: string;
  commit_timestamp: string;
  type: ChangeEvent;
  columns: { name: string; type: string }[];
  record: Record<string, unknown>;
  old_record: Record<string, unknown>;
  errors: null;
}

/** A joined channel with postgres_changes bindings. */
export interface ChangeSubscriber {
  bindings: ChangeBinding[];
  /** the claims of the channel's current access token */
  claims(): Claims;
  deliver(ids: number[], data: ChangeData): void;
}

interface TableInfo {
  schema: string;
  table: string;
  columns: { name: string; type: string; sqlType: string }[];
  types: Map<string, string>;
  primaryKey: string[];
  rlsEnabled: boolean;
  replicaFull: boolean;
  hasTrigger: boolean;
}

/** Whether one change may reach the subscribers holding one set of claims, and with which row. */
interface Check {
  notice: Notice;
  table: TableInfo;
  claims: Claims;
  claimsKey: string;
  visible?: boolean;
  row?: Record<string, unknown>;
}

interface Notice {
  s: string;
  t: string;
  op: ChangeEvent;
  ts: string;
  r: Record<string, unknown> | null;
  o: Record<string, unknown> | null;
  /** the rows were too large for NOTIFY and carry only their primary key */
  x?: boolean;
}

const CHANGES_CHANNEL = 'local_realtime_changes';
const DDL_CHANNEL = 'local_realtime_ddl';
const TRIGGER_NAME = 'local_realtime_changes';
const RESCAN_INTERVAL_MS = 10_000;
const MAX_BATCH = 500;
/** a key no table column has, carrying a version's place in the batch through the policy check */
const CHECK_INDEX = '__local_realtime_check';
const VERSION_COLUMN = '__local_realtime_version';

const SETUP_SQL = `
create schema if not exists local_realtime;
revoke all on schema local_realtime from public;

create or replace function local_realtime.capture_change() returns trigger
language plpgsql
set search_path = ''
as $fn$
declare
  rec jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  old_rec jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  msg text;
  pk text[];
begin
  msg := jsonb_build_object('s', tg_table_schema, 't', tg_table_name, 'op', tg_op,
    'ts', clock_timestamp(), 'r', rec, 'o', old_rec)::text;
  if octet_length(msg) > 7500 then
    select array_agg(a.attname::text) into pk
      from pg_catalog.pg_index i
      join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
      where i.indrelid = tg_relid and i.indisprimary;
    msg := jsonb_build_object('s', tg_table_schema, 't', tg_table_name, 'op', tg_op,
      'ts', clock_timestamp(), 'x', true,
      'r', (select jsonb_object_agg(k, rec -> k) from unnest(pk) k),
      'o', (select jsonb_object_agg(k, old_rec -> k) from unnest(pk) k))::text;
  end if;
  perform pg_notify('${CHANGES_CHANNEL}', msg);
  return null;
end
$fn$;

create or replace function local_realtime.notify_ddl() returns event_trigger
language plpgsql
set search_path = ''
as $fn$
begin
  perform pg_notify('${DDL_CHANNEL}', tg_tag);
exception when others then
  null;
end
$fn$;

do $do$
begin
  if not exists (select from pg_event_trigger where evtname = 'local_realtime_ddl') then
    create event trigger local_realtime_ddl on ddl_command_end
      execute function local_realtime.notify_ddl();
  end if;
end
$do$;
`;

const TABLES_SQL = `
select n.nspname as schema, c.relname as "table", c.oid::int8::text as oid,
  c.relrowsecurity as rls, c.relreplident = 'f' as replica_full,
  p.relid is not null as published,
  exists (select from pg_trigger g where g.tgrelid = c.oid and g.tgname = $1) as has_trigger,
  coalesce((select json_agg(json_build_object('name', a.attname, 'type', t.typname,
      'sqlType', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
    from pg_attribute a join pg_type t on t.oid = a.atttypid
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
  coalesce((select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
    from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
    where i.indrelid = c.oid and i.indisprimary), '[]') as primary_key
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
left join (select (schemaname || '.' || tablename) as relid from pg_publication_tables
  where pubname = 'supabase_realtime') p on p.relid = n.nspname || '.' || c.relname
where c.relkind in ('r', 'p')
  and (p.relid is not null or exists (select from pg_trigger g where g.tgrelid = c.oid and g.tgname = $1))
`;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const key = (schema: string, table: string) => `${schema}.${table}`;

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

export class ChangeFeed {
  private tables = new Map<string, TableInfo>();
  private subscribers = new Set<ChangeSubscriber>();
  private listener: pg.Client | undefined;
  private queue: Notice[] = [];
  private draining = false;
  private scanning: Promise<void> | undefined;
  private scanAgain = false;
  private rescanTimer: NodeJS.Timeout | undefined;
  private ddlTimer: NodeJS.Timeout | undefined;
  private bypassRoles = new Set<string>();
  private privileges = new Map<string, boolean>();
  private policies = new Map<string, string>();
  private closed = false;
  private idle: Promise<void> = Promise.resolve();
  private relistening: Promise<void> | undefined;

  constructor(private ctx: StackContext) {}

  async start() {
    await this.ctx.adminPool.query(SETUP_SQL);
    await this.connectListener();
    // The database restarted (crash): listen again now, whatever became of the retry above.
    this.ctx.events?.on('db-restarted', this.relisten);
    await this.scan();
    this.rescanTimer = setInterval(() => void this.scan().catch(() => {}), RESCAN_INTERVAL_MS);
    this.rescanTimer.unref();
  }

  private async connectListener() {
    const client = new pg.Client({ connectionString: dbUrl(this.ctx.config) });
    client.on('error', (error) => {
      if (this.closed) return;
      this.ctx.log('realtime', `change listener lost: ${error.message}; reconnecting`);
    });
    client.on('end', () => {
      if (this.closed || this.listener !== client) return;
      this.listener = undefined;
      setTimeout(() => this.relisten(), 500).unref();
    });
    client.on('notification', (message) => {
      if (message.channel === DDL_CHANNEL) {
        clearTimeout(this.ddlTimer);
        this.ddlTimer = setTimeout(() => void this.scan().catch(() => {}), 50);
        return;
      }
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      try {
        this.queue.push(JSON.parse(message.payload) as Notice);
      } catch {
        return;
      }
      this.drain();
    });
    await client.connect();
    await client.query(`listen ${CHANGES_CHANNEL}; listen ${DDL_CHANNEL}`);
    this.listener = client;
  }

  /** Opens the LISTEN connection again (one attempt at a time), then rescans. */
  private relisten = () => {
    if (this.closed || this.listener || this.relistening) return;
    this.relistening = this.connectListener()
      .then(() => this.scan())
      .catch((e: Error) => this.ctx.log('realtime', `listener reconnect failed: ${e.message}`))
      .finally(() => (this.relistening = undefined));
  };

  /** Reads the publication and installs (or removes) the change trigger where needed. */
  scan(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.scanning) {
      this.scanAgain = true;
      return this.scanning;
    }
    this.scanning = (async () => {
      try {
        do {
          this.scanAgain = false;
          await this.scanOnce();
        } while (this.scanAgain && !this.closed);
      } finally {
        this.scanning = undefined;
      }
    })();
    return this.scanning;
  }

  private async scanOnce() {
    const { rows } = await this.ctx.adminPool.query<{
      schema: string;
      table: string;
      rls: boolean;
      replica_full: boolean;
      published: boolean;
      has_trigger: boolean;
      columns: { name: string; type: string; sqlType: string }[];
      primary_key: string[];
    }>(TABLES_SQL, [TRIGGER_NAME]);
    const next = new Map<string, TableInfo>();
    for (const row of rows) {
      const qualified = `${ident(row.schema)}.${ident(row.table)}`;
      if (!row.published) {
        await this.ddl(`drop trigger if exists ${TRIGGER_NAME} on ${qualified}`).catch((e: Error) =>
          this.ctx.log('realtime', `cannot drop trigger on ${qualified}: ${e.message}`),
        );
        continue;
      }
      let hasTrigger = row.has_trigger;
      if (!hasTrigger) {
        try {
          await this.ddl(
            `create or replace trigger ${TRIGGER_NAME} after insert or update or delete on ${qualified} ` +
              `for each row execute function local_realtime.capture_change()`,
          );
          hasTrigger = true;
        } catch (error) {
          this.ctx.log('realtime', `cannot watch ${qualified} yet: ${(error as Error).message}`);
        }
      }
      next.set(key(row.schema, row.table), {
        schema: row.schema,
        table: row.table,
        columns: row.columns,
        types: new Map(row.columns.map((c) => [c.name, c.type])),
        primaryKey: row.primary_key,
        rlsEnabled: row.rls,
        replicaFull: row.replica_full,
        hasTrigger,
      });
    }
    this.tables = next;
    const roles = await this.ctx.adminPool.query<{ rolname: string }>(
      'select rolname from pg_roles where rolbypassrls or rolsuper',
    );
    this.bypassRoles = new Set(roles.rows.map((r) => r.rolname));
    this.privileges.clear();
    this.policies.clear();
  }

  /**
   * Runs a trigger statement without queueing behind a long transaction on the table (which
   * would also hold up every write queued behind us); the periodic rescan tries again later.
   */
  private async ddl(sql: string) {
    const client = await this.ctx.adminPool.connect();
    try {
      await client.query('begin');
      await client.query(`set local lock_timeout = '2s'`);
      await client.query(sql);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Makes sure the tables a join names are watched, if they are in the publication; returns the
   * tables named that are not (they send nothing, as on Supabase).
   */
  async ensureWatched(bindings: ChangeBinding[]): Promise<string[]> {
    const named = bindings.filter((b) => b.table && b.table !== '*' && b.schema !== '*');
    const unwatched = () =>
      named
        .filter((b) => !this.tables.get(key(b.schema, b.table!))?.hasTrigger)
        .map((b) => key(b.schema, b.table!));
    if (unwatched().length) {
      await this.scan().catch((e: Error) => this.ctx.log('realtime', `rescan failed: ${e.message}`));
    }
    return unwatched();
  }

  subscribe(subscriber: ChangeSubscriber) {
    this.subscribers.add(subscriber);
  }

  unsubscribe(subscriber: ChangeSubscriber) {
    this.subscribers.delete(subscriber);
  }

  async close() {
    this.closed = true;
    this.ctx.events?.off('db-restarted', this.relisten);
    clearInterval(this.rescanTimer);
    clearTimeout(this.ddlTimer);
    this.queue.length = 0;
    await this.scanning?.catch(() => {});
    await this.idle.catch(() => {});
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
  }

  private drain() {
    if (this.draining || this.closed) return;
    this.draining = true;
    this.idle = (async () => {
      try {
        while (this.queue.length > 0 && !this.closed) {
          // Everything queued so far is checked together: one round trip for a burst of changes.
          const batch = this.queue.splice(0, MAX_BATCH);
          try {
            await this.dispatch(batch);
          } catch (error) {
            this.ctx.log('realtime', `dropped ${batch.length} change(s): ${(error as Error).message}`);
          }
        }
      } finally {
        this.draining = false;
      }
    })();
  }

  private async dispatch(notices: Notice[]) {
    if (notices.some((n) => !this.tables.has(key(n.s, n.t)))) await this.scan();

    interface Delivery {
      notice: Notice;
      table: TableInfo;
      check: Check;
      members: { subscriber: ChangeSubscriber; bindings: ChangeBinding[] }[];
    }
    const deliveries: Delivery[] = [];
    for (const notice of notices) {
      const table = this.tables.get(key(notice.s, notice.t));
      if (!table) continue;
      // Subscribers with the same claims see the same rows: one check per claims and change.
      const groups = new Map<string, Delivery>();
      for (const subscriber of this.subscribers) {
        const bindings = subscriber.bindings.filter(
          (b) =>
            (b.event === '*' || b.event === notice.op) &&
            (b.schema === '*' || b.schema === notice.s) &&
            (!b.table || b.table === '*' || b.table === notice.t),
        );
        if (!bindings.length) continue;
        const claims = subscriber.claims();
        const groupKey = JSON.stringify(claims);
        let delivery = groups.get(groupKey);
        if (!delivery) {
          delivery = { notice, table, check: { notice, table, claims, claimsKey: groupKey }, members: [] };
          groups.set(groupKey, delivery);
          deliveries.push(delivery);
        }
        delivery.members.push({ subscriber, bindings });
      }
    }
    if (!deliveries.length) return;

    await this.resolve(deliveries.map((d) => d.check));

    for (const { notice, table, check, members } of deliveries) {
      if (!check.visible) continue;
      const bypass = !table.rlsEnabled || this.bypassRoles.has(check.claims.role);
      const pkOnly = (row: Record<string, unknown> | null) =>
        Object.fromEntries(table.primaryKey.filter((k) => row && k in row).map((k) => [k, row![k]]));
      // As Supabase: the whole old row only with replica identity full and no RLS, else its key.
      const fullOld = table.replicaFull && !table.rlsEnabled && !notice.x;
      const record = notice.op === 'DELETE' ? {} : (check.row ?? {});
      const oldRecord = notice.op === 'INSERT' ? {} : fullOld ? (notice.o ?? {}) : pkOnly(notice.o);
      // Filters look at the row sent, or for a DELETE at what the subscriber may know of the old row.
      const filterRow = notice.op !== 'DELETE' ? record : bypass ? (notice.o ?? {}) : oldRecord;
      const data: ChangeData = {
        schema: notice.s,
        table: notice.t,
        commit_timestamp: new Date(notice.ts).toISOString(),
        type: notice.op,
        columns: table.columns.map(({ name, type }) => ({ name, type })),
        record,
        old_record: oldRecord,
        errors: null,
      };
      for (const { subscriber, bindings } of members) {
        if (!this.subscribers.has(subscriber)) continue; // left while the checks ran
        const ids = bindings
          .filter((b) => !b.filter || matchesFilter(b.filter, filterRow, table.types) === true)
          .map((b) => b.id);
        if (ids.length) subscriber.deliver([...new Set(ids)], data);
      }
    }
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
  private async resolve(checks: Check[]) {
    const byPolicy: Check[] = [];
    const byLookup: Check[] = [];
    for (const check of checks) {
      const { notice, table, claims } = check;
      if (!(await this.maySelect(claims.role, table))) continue;
      const seesAll = !table.rlsEnabled || this.bypassRoles.has(claims.role);
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
