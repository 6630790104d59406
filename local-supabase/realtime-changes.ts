import pg from 'pg';
import { dbUrl } from './config.ts';
import type { Claims } from './jwt.ts';
import { matchesFilter, type ChangeFilter } from './realtime-filter.ts';
import type { StackContext } from './types.ts';

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
 * Row level security: before an INSERT or UPDATE reaches a subscriber, the row is selected by its
 * primary key as the subscriber's role with its JWT claims set, exactly as the REST layer runs a
 * request, and the subscriber receives the row as that select returns it (so a row that changed
 * after the event is sent as it is now, never as a version the role could not see); subscribers
 * with the same claims share one check, and all checks of one change run in a single round trip.
 * DELETEs and UPDATEs carry only the primary key in `old_record` on tables with RLS.
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
  private closed = false;
  private idle: Promise<void> = Promise.resolve();

  constructor(private ctx: StackContext) {}

  async start() {
    await this.ctx.adminPool.query(SETUP_SQL);
    await this.connectListener();
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
      setTimeout(() => {
        if (!this.closed) {
          void this.connectListener()
            .then(() => this.scan())
            .catch((e: Error) => this.ctx.log('realtime', `listener reconnect failed: ${e.message}`));
        }
      }, 500).unref();
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

  /** Makes sure the tables a join names are watched, if they are in the publication. */
  async ensureWatched(bindings: ChangeBinding[]) {
    const missing = bindings.some(
      (b) => b.table && b.table !== '*' && !this.tables.get(key(b.schema, b.table))?.hasTrigger,
    );
    if (missing) await this.scan();
  }

  subscribe(subscriber: ChangeSubscriber) {
    this.subscribers.add(subscriber);
  }

  unsubscribe(subscriber: ChangeSubscriber) {
    this.subscribers.delete(subscriber);
  }

  /** Resolves once every change received so far has been delivered (for an orderly shutdown). */
  settled() {
    return this.idle;
  }

  async close() {
    this.closed = true;
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
          const notice = this.queue.shift()!;
          try {
            await this.dispatch(notice);
          } catch (error) {
            this.ctx.log('realtime', `change on ${notice.s}.${notice.t}: ${(error as Error).message}`);
          }
        }
      } finally {
        this.draining = false;
      }
    })();
  }

  private async dispatch(notice: Notice) {
    let info = this.tables.get(key(notice.s, notice.t));
    if (!info) {
      await this.scan();
      info = this.tables.get(key(notice.s, notice.t));
      if (!info) return;
    }
    const table = info;
    const interested: { subscriber: ChangeSubscriber; bindings: ChangeBinding[] }[] = [];
    for (const subscriber of this.subscribers) {
      const bindings = subscriber.bindings.filter(
        (b) =>
          (b.event === '*' || b.event === notice.op) &&
          (b.schema === '*' || b.schema === notice.s) &&
          (!b.table || b.table === '*' || b.table === notice.t),
      );
      if (bindings.length) interested.push({ subscriber, bindings });
    }
    if (!interested.length) return;

    const columns = table.columns.map(({ name, type }) => ({ name, type }));
    const pkOnly = (row: Record<string, unknown> | null) =>
      Object.fromEntries(table.primaryKey.filter((k) => row && k in row).map((k) => [k, row![k]]));

    // Group the subscribers by claims: everyone with the same token sees the same rows.
    const groups = new Map<string, { claims: Claims; members: typeof interested }>();
    for (const entry of interested) {
      const claims = entry.subscriber.claims();
      const groupKey = JSON.stringify(claims);
      const group = groups.get(groupKey) ?? { claims, members: [] };
      group.members.push(entry);
      groups.set(groupKey, group);
    }

    const visible =
      notice.op === 'DELETE'
        ? await this.deleteVisibility(
            table,
            [...groups.values()].map((g) => g.claims),
          )
        : await this.rowsAsSeenBy(
            table,
            notice,
            [...groups.values()].map((g) => g.claims),
          );

    [...groups.values()].forEach((group, index) => {
      const seen = visible[index];
      if (seen === undefined) return;
      const role = group.claims.role;
      const fullOld = table.replicaFull && (!table.rlsEnabled || this.bypassRoles.has(role)) && !notice.x;
      let record: Record<string, unknown> = {};
      let oldRecord: Record<string, unknown> = {};
      if (notice.op === 'DELETE') {
        oldRecord = fullOld ? (notice.o ?? {}) : pkOnly(notice.o);
      } else {
        record = seen ?? notice.r ?? {};
        if (notice.op === 'UPDATE') oldRecord = fullOld ? (notice.o ?? {}) : pkOnly(notice.o);
      }
      // The row the filters look at: the new row, or for a DELETE what the subscriber may know of the old one.
      const filterRow =
        notice.op === 'DELETE'
          ? !table.rlsEnabled || this.bypassRoles.has(role)
            ? (notice.o ?? {})
            : oldRecord
          : record;
      const data: ChangeData = {
        schema: notice.s,
        table: notice.t,
        commit_timestamp: new Date(notice.ts).toISOString(),
        type: notice.op,
        columns,
        record,
        old_record: oldRecord,
        errors: null,
      };
      for (const { subscriber, bindings } of group.members) {
        const ids = bindings
          .filter((b) => !b.filter || matchesFilter(b.filter, filterRow, table.types) === true)
          .map((b) => b.id);
        if (ids.length) subscriber.deliver([...new Set(ids)], data);
      }
    });
  }

  /**
   * For each claims, the row as that role selects it by primary key, null when the table has no
   * primary key but the role may read it all (the notice's row is sent), or undefined when the
   * role may not see it.
   */
  private async rowsAsSeenBy(
    table: TableInfo,
    notice: Notice,
    claimsList: Claims[],
  ): Promise<(Record<string, unknown> | null | undefined)[]> {
    const qualified = `${ident(table.schema)}.${ident(table.table)}`;
    const row = notice.r ?? {};
    if (!table.primaryKey.length || table.primaryKey.some((k) => !(k in row))) {
      // Without a primary key a row cannot be looked up: only roles that bypass RLS, or any role
      // allowed to select a table without RLS, receive it.
      return Promise.all(
        claimsList.map(async (claims) => {
          if (this.bypassRoles.has(claims.role) || !table.rlsEnabled) {
            return (await this.maySelect(claims.role, table)) ? null : undefined;
          }
          return undefined;
        }),
      );
    }
    const client = await this.ctx.apiPool.connect();
    try {
      const lit = (value: string) => client.escapeLiteral(value);
      const where = table.primaryKey
        .map((k) => {
          const value = row[k];
          const sqlType = table.columns.find((c) => c.name === k)?.sqlType ?? 'text';
          const text = value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
          return value === null ? 'false' : `t.${ident(k)} = ${lit(text)}::${sqlType}`;
        })
        .join(' and ');
      const perClaims = (claims: Claims, index: number) =>
        `set local role ${ident(claims.role)};` +
        `select set_config('request.jwt.claims', ${lit(JSON.stringify(claims))}, true),` +
        ` set_config('request.jwt.claim.sub', ${lit(claims.sub ?? '')}, true),` +
        ` set_config('request.jwt.claim.role', ${lit(claims.role)}, true);` +
        `select ${index} as g, to_jsonb(t) as r from ${qualified} t where ${where};`;
      const run = async (indices: number[]) => {
        const sql =
          'begin read only;' + indices.map((i) => perClaims(claimsList[i]!, i)).join('') + 'commit;';
        const raw = (await client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
        const results = Array.isArray(raw) ? raw : [raw];
        const found = new Map<number, Record<string, unknown>>();
        for (const result of results) {
          if (!result.fields?.some((f) => f.name === 'g')) continue;
          for (const r of result.rows as { g: number; r: Record<string, unknown> }[]) found.set(r.g, r.r);
        }
        return found;
      };
      const all = claimsList.map((_, i) => i);
      let found: Map<number, Record<string, unknown>>;
      try {
        found = await run(all);
      } catch {
        // One role failed (no SELECT privilege, unknown role): check each alone so the others still receive it.
        await client.query('rollback').catch(() => {});
        found = new Map();
        for (const i of all) {
          try {
            const one = await run([i]);
            for (const [g, r] of one) found.set(g, r);
          } catch {
            await client.query('rollback').catch(() => {});
          }
        }
      }
      return claimsList.map((_, i) => found.get(i));
    } finally {
      client.release();
    }
  }

  /** A DELETE reaches a role that may select from the table; RLS tables then show only the key. */
  private async deleteVisibility(table: TableInfo, claimsList: Claims[]) {
    return Promise.all(
      claimsList.map(async (claims) => ((await this.maySelect(claims.role, table)) ? null : undefined)),
    );
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
