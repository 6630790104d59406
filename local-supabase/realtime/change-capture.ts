import type { StackContext } from '../types.ts';

/**
 * Change capture for the local Realtime. Supabase reads the write-ahead log; here an AFTER row
 * trigger on each table of publication `supabase_realtime` sends a compact NOTIFY (schema, table,
 * operation, the row as JSON when it fits, else its primary key), which the change feed LISTENs to
 * (changes.ts). An event trigger NOTIFYs on every DDL command, so tables added to the publication
 * by later migrations are covered within moments, and a join that names a table not yet known
 * rescans before it is answered. Tables leaving the publication lose the trigger.
 */

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE';

export interface TableInfo {
  schema: string;
  table: string;
  columns: { name: string; type: string; sqlType: string }[];
  types: Map<string, string>;
  primaryKey: string[];
  rlsEnabled: boolean;
  replicaFull: boolean;
  hasTrigger: boolean;
}

/** A change as the trigger NOTIFYs it. */
export interface Notice {
  s: string;
  t: string;
  op: ChangeEvent;
  ts: string;
  r: Record<string, unknown> | null;
  o: Record<string, unknown> | null;
  /** the rows were too large for NOTIFY and carry only their primary key */
  x?: boolean;
}

export const CHANGES_CHANNEL = 'local_realtime_changes';
export const DDL_CHANNEL = 'local_realtime_ddl';
const TRIGGER_NAME = 'local_realtime_changes';

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

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const key = (schema: string, table: string) => `${schema}.${table}`;

/** The published tables as last read, with the change trigger installed where needed. */
export class PublishedTables {
  tables = new Map<string, TableInfo>();
  /** roles that bypass row level security (superusers, BYPASSRLS) */
  bypassRoles = new Set<string>();
  private scanning: Promise<void> | undefined;
  private scanAgain = false;
  private closed = false;

  constructor(
    private ctx: StackContext,
    /** called after each scan: what was derived from the catalog is stale */
    private onScanned: () => void,
  ) {}

  /** The capture functions and the DDL event trigger, in schema local_realtime. */
  async install() {
    await this.ctx.adminPool.query(SETUP_SQL);
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
    this.onScanned();
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
  async ensureWatched(bindings: { schema: string; table?: string }[]): Promise<string[]> {
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

  async close() {
    this.closed = true;
    await this.scanning?.catch(() => {});
  }
}
