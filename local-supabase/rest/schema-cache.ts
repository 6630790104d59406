import type pg from 'pg';
import { readDbConfig, type DbConfig } from './db-config.ts';
import type { ApiSettings } from './settings.ts';
import {
  keyInView,
  resolveViewColumns,
  viewDependencies,
  viewPrimaryKey,
  type BaseRow,
  type ViewDependencies,
  type ViewRow,
} from './view-keys.ts';

/**
 * The REST part's schema cache: tables, views, columns, foreign keys and functions of the exposed
 * schemas, read once from the catalog (as PostgREST does) and reloaded on `NOTIFY pgrst, 'reload
 * schema'` (see SchemaCacheHolder).
 */

export interface Column {
  name: string;
  /** the type as `format_type` writes it, schema-qualified unless in pg_catalog */
  type: string;
  /** the base type's name (domains resolved), e.g. `json`, `jsonb`, `tsvector` */
  baseType: string;
  /** the default expression, as the catalog writes it */
  default: string | null;
  nullable: boolean;
}

export interface Table {
  schema: string;
  name: string;
  isView: boolean;
  columns: Map<string, Column>;
  pk: string[];
}

export type Cardinality = 'm2o' | 'o2m' | 'o2o' | 'm2m';

export interface Relationship {
  table: string;
  foreignTable: string;
  constraint: string;
  /** [column of `table`, column of `foreignTable`] */
  columns: [string, string][];
  cardinality: Cardinality;
  isSelf: boolean;
  foreignIsView: boolean;
  /**
   * A computed relationship (PostgREST): a function taking a row of `table` and returning rows of
   * `foreignTable`, embedded by its name; `columns` is empty, the call is the join.
   */
  computed?: { schema: string; name: string; paramType: string };
  /**
   * Many-to-many through a junction table with a foreign key to each side: `columns` pairs
   * `table`'s columns with the junction's, `junction.columns` the junction's with `foreignTable`'s.
   */
  junction?: { schema: string; name: string; columns: [string, string][]; constraints: [string, string] };
}

export interface RoutineParam {
  name: string;
  type: string;
  required: boolean;
  variadic: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  params: RoutineParam[];
  returnsSet: boolean;
  /** scalar (incl. void), a composite type/table, or `record` with OUT/TABLE columns */
  returnKind: 'scalar' | 'composite';
  /** name of the table the function returns rows of, when it is one in the same schema */
  returnTable: string | null;
  isVoid: boolean;
  volatility: 'i' | 's' | 'v';
}

export interface SchemaCache {
  tables: Map<string, Table>;
  /** keyed by the origin table name */
  relationships: Map<string, Relationship[]>;
  routines: Map<string, Routine[]>;
  /** the configuration read with this cache (file settings and the database's `pgrst.*`) */
  config: DbConfig;
}

const key = (schema: string, name: string) => `${schema}.${name}`;
export const tableKey = key;

// The primary key's column names of the relation `c`, in key order ([] without one).
const PRIMARY_KEY = `coalesce((
      select json_agg(a.attname order by k.ord)
      from pg_constraint pk
      cross join unnest(pk.conkey) with ordinality as k(attnum, ord)
      join pg_attribute a on a.attrelid = pk.conrelid and a.attnum = k.attnum
      where pk.conrelid = c.oid and pk.contype = 'p'
    ), '[]')`;

const TABLES_SQL = `
  select n.nspname as schema, c.relname as name, c.relkind in ('v','m') as is_view,
    coalesce((
      select json_agg(json_build_object(
        'name', a.attname,
        'type', format_type(a.atttypid, a.atttypmod),
        'base', coalesce(bt.typname, t.typname),
        'default', case
          when t.typbasetype <> 0 and d.adbin is null then pg_get_expr(t.typdefaultbin, 0)
          when a.attidentity = 'd' then (
            select format('nextval(%L)', dep.objid::regclass) from pg_depend dep
            where dep.refobjid = a.attrelid and dep.refobjsubid = a.attnum and dep.deptype = 'i'
              and dep.classid = 'pg_class'::regclass limit 1)
          when a.attgenerated = 's' then null
          else pg_get_expr(d.adbin, d.adrelid) end,
        'nullable', not a.attnotnull
      ) order by a.attnum)
      from pg_attribute a
      join pg_type t on t.oid = a.atttypid
      left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    ), '[]') as columns,
    ${PRIMARY_KEY} as pk
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'f', 'p')`;

// Every foreign key, whatever its schemas: a view in an exposed schema may show the columns of a
// table that is not exposed (PostgREST keeps the relationships whose two ends are exposed).
const FKS_SQL = `
  select c.conname as name, ns.nspname as schema, cl.relname as table, fns.nspname as fschema,
    fcl.relname as ftable, fcl.relkind in ('v','m') as fis_view, c.conrelid as table_oid, c.confrelid as ftable_oid,
    (select json_agg(json_build_array(a.attname, fa.attname) order by k.ord)
       from unnest(c.conkey, c.confkey) with ordinality as k(col, fcol, ord)
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.col
       join pg_attribute fa on fa.attrelid = c.confrelid and fa.attnum = k.fcol) as columns,
    exists (
      select 1 from pg_constraint u
      where u.conrelid = c.conrelid and u.contype in ('p', 'u')
        and u.conkey::int2[] @> c.conkey::int2[] and u.conkey::int2[] <@ c.conkey::int2[]
    ) as is_unique
  from pg_constraint c
  join pg_class cl on cl.oid = c.conrelid
  join pg_namespace ns on ns.oid = cl.relnamespace
  join pg_class fcl on fcl.oid = c.confrelid
  join pg_namespace fns on fns.oid = fcl.relnamespace
  where c.contype = 'f'
  order by ns.nspname, cl.relname, c.conname`;

const COLUMN_NAMES = `coalesce((
      select json_object_agg(a.attnum, a.attname) from pg_attribute a
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    ), '{}')`;

// The views of the exposed schemas and of the extra search path, with their stored query.
const VIEWS_SQL = `
  select c.oid, n.nspname as schema, c.relname as name, r.ev_action::text as tree,
    ${COLUMN_NAMES} as columns
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
  where c.relkind in ('v', 'm') and n.nspname = any($1)`;

// The tables views show columns of: their column names and primary key.
const BASES_SQL = `
  select c.oid, n.nspname as schema, c.relname as name, ${COLUMN_NAMES} as columns,
    ${PRIMARY_KEY} as pk
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where c.oid = any($1::oid[])`;

/** PostgREST's default db-extra-search-path, where views a view reads may live too. */
const EXTRA_SEARCH_PATH = ['public', 'extensions'];

const ROUTINES_SQL = `
  select n.nspname as schema, p.proname as name, p.provolatile as volatility, p.proretset as returns_set, p.prorows as rows,
    p.pronargdefaults as ndefaults, p.prorettype = 'pg_catalog.void'::regtype as is_void,
    rt.typtype as ret_typtype, rt.typrelid <> 0 as ret_is_rel, rtn.nspname as ret_schema, rt.typname as ret_name,
    p.prorettype = 'pg_catalog.record'::regtype as ret_record,
    coalesce((
      select json_agg(json_build_object('name', coalesce(a.nm, ''), 'type', format_type(a.tp, null), 'mode', a.md) order by a.ord)
      from unnest(
        coalesce(p.proallargtypes, p.proargtypes::oid[]),
        coalesce(p.proargmodes::text[], array_fill('i'::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])),
        coalesce(p.proargnames, array_fill(''::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))]))
      ) with ordinality as a(tp, md, nm, ord)
    ), '[]') as args
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  join pg_namespace rtn on rtn.oid = rt.typnamespace
  where n.nspname = any($1) and p.prokind = 'f'`;

interface TableRow {
  schema: string;
  name: string;
  is_view: boolean;
  columns: { name: string; type: string; base: string; default: string | null; nullable: boolean }[];
  pk: string[];
}
interface FkRow {
  name: string;
  schema: string;
  table: string;
  fschema: string;
  ftable: string;
  fis_view: boolean;
  table_oid: number;
  ftable_oid: number;
  columns: [string, string][];
  is_unique: boolean;
}
interface RoutineRow {
  schema: string;
  name: string;
  volatility: 'i' | 's' | 'v';
  returns_set: boolean;
  rows: number;
  ndefaults: number;
  is_void: boolean;
  ret_typtype: string;
  ret_is_rel: boolean;
  ret_schema: string;
  ret_name: string;
  ret_record: boolean;
  args: { name: string; type: string; mode: string }[];
}

export async function loadSchemaCache(pool: pg.Pool, settings: ApiSettings): Promise<SchemaCache> {
  const client = await pool.connect();
  try {
    // A read-only snapshot with only pg_catalog on the search path, so format_type qualifies
    // every type that does not live in pg_catalog (e.g. `public.app_role`).
    await client.query('begin isolation level repeatable read read only');
    await client.query("set local search_path = 'pg_catalog'");
    const config = await readDbConfig(client, settings);
    const tables = await client.query<TableRow>(TABLES_SQL, [config.schemas]);
    const fks = await client.query<FkRow>(FKS_SQL);
    const routines = await client.query<RoutineRow>(ROUTINES_SQL, [config.schemas]);
    const views = await client.query<ViewRow>(VIEWS_SQL, [[...config.schemas, ...EXTRA_SEARCH_PATH]]);
    const resolved = resolveViewColumns(views.rows, config.schemas);
    const baseOids = [...new Set([...resolved.values()].flatMap((byTable) => [...byTable.keys()]))];
    const bases = baseOids.length ? (await client.query<BaseRow>(BASES_SQL, [baseOids])).rows : [];
    await client.query('commit');
    const viewDeps = viewDependencies(resolved, new Map(bases.map((b) => [b.oid, b])));
    return buildCache(config, tables.rows, fks.rows, routines.rows, {
      views: views.rows,
      deps: viewDeps,
      bases: new Map(bases.map((b) => [b.oid, b])),
    });
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** What the views of the exposed schemas show of their base tables (see view-keys.ts). */
interface ViewKeys {
  views: ViewRow[];
  deps: Map<number, ViewDependencies>;
  bases: Map<number, BaseRow>;
}

/** A to-one relationship as a foreign key gives it, between tables or the views showing their keys. */
interface ForwardRel {
  schema: string;
  table: string;
  isView: boolean;
  fschema: string;
  ftable: string;
  fisView: boolean;
  constraint: string;
  /** [column of `table`, column of `ftable`] */
  columns: [string, string][];
  unique: boolean;
}

/**
 * The to-one relationships of the views, as PostgREST adds them: for each foreign key, every view
 * showing all its columns relates to the referenced table (view -> table), every view showing all
 * the referenced columns is related to from the key's table (table -> view), and a view of each
 * side relate to each other (view -> view).
 */
function viewForwardRels(fks: FkRow[], keys: ViewKeys): ForwardRel[] {
  const rels: ForwardRel[] = [];
  const viewByOid = new Map(keys.views.map((v) => [v.oid, v]));
  const showing = (table: number, columns: string[]) =>
    [...keys.deps].flatMap(([oid, deps]) =>
      keyInView(deps, table, columns).map((viewColumns) => ({
        view: viewByOid.get(oid) as ViewRow,
        viewColumns,
      })),
    );
  for (const fk of fks) {
    const sources = showing(
      fk.table_oid,
      fk.columns.map(([c]) => c),
    );
    const targets = showing(
      fk.ftable_oid,
      fk.columns.map(([, f]) => f),
    );
    const base = { constraint: fk.name, unique: fk.is_unique };
    for (const s of sources) {
      rels.push({
        ...base,
        schema: s.view.schema,
        table: s.view.name,
        isView: true,
        fschema: fk.fschema,
        ftable: fk.ftable,
        fisView: false,
        columns: fk.columns.map(([, f], i) => [s.viewColumns[i], f]),
      });
    }
    for (const t of targets) {
      rels.push({
        ...base,
        schema: fk.schema,
        table: fk.table,
        isView: false,
        fschema: t.view.schema,
        ftable: t.view.name,
        fisView: true,
        columns: fk.columns.map(([c], i) => [c, t.viewColumns[i]]),
      });
    }
    for (const s of sources) {
      for (const t of targets) {
        rels.push({
          ...base,
          schema: s.view.schema,
          table: s.view.name,
          isView: true,
          fschema: t.view.schema,
          ftable: t.view.name,
          fisView: true,
          columns: s.viewColumns.map((c, i) => [c, t.viewColumns[i]]),
        });
      }
    }
  }
  return rels;
}

function buildTables(tableRows: TableRow[], viewKeys: ViewKeys): Map<string, Table> {
  const tables = new Map<string, Table>();
  for (const row of tableRows) {
    tables.set(key(row.schema, row.name), {
      schema: row.schema,
      name: row.name,
      isView: row.is_view,
      columns: new Map(
        row.columns.map((c) => [
          c.name,
          { name: c.name, type: c.type, baseType: c.base, default: c.default, nullable: c.nullable },
        ]),
      ),
      pk: row.pk,
    });
  }
  // A view's primary key is the base tables' primary key columns it shows.
  for (const view of viewKeys.views) {
    const table = tables.get(key(view.schema, view.name));
    const deps = viewKeys.deps.get(view.oid);
    if (table?.isView && deps) table.pk = viewPrimaryKey(deps, viewKeys.bases);
  }
  return tables;
}

type AddRelationship = (schema: string, rel: Relationship) => void;

/** Each foreign key between exposed relations, both ways: to one from its table, to many (or one) back. */
function addForeignKeys(add: AddRelationship, forwardRels: ForwardRel[]) {
  for (const fk of forwardRels) {
    const isSelf = fk.schema === fk.fschema && fk.table === fk.ftable;
    const toOne: Cardinality = 'm2o';
    add(fk.schema, {
      table: fk.table,
      foreignTable: fk.ftable,
      constraint: fk.constraint,
      columns: fk.columns,
      cardinality: fk.unique ? 'o2o' : toOne,
      isSelf,
      foreignIsView: fk.fisView,
    });
    add(fk.fschema, {
      table: fk.ftable,
      foreignTable: fk.table,
      constraint: fk.constraint,
      columns: fk.columns.map(([a, b]) => [b, a] as [string, string]),
      cardinality: fk.unique ? 'o2o' : 'o2m',
      isSelf,
      foreignIsView: fk.isView,
    });
  }
}

/**
 * Many-to-many: a table with foreign keys to two other tables joins them when, as PostgREST
 * requires of a junction, the columns of both keys are part of its primary key.
 */
function addJunctions(add: AddRelationship, forwardRels: ForwardRel[], tables: Map<string, Table>) {
  const fksBySource = new Map<string, ForwardRel[]>();
  for (const fk of forwardRels) {
    const k = key(fk.schema, fk.table);
    fksBySource.set(k, [...(fksBySource.get(k) ?? []), fk]);
  }
  for (const [source, fks] of fksBySource) {
    const junctionPk = new Set(tables.get(source)?.pk ?? []);
    const inPk = (fk: ForwardRel) => fk.columns.every(([junctionColumn]) => junctionPk.has(junctionColumn));
    for (const left of fks) {
      for (const right of fks) {
        if (left === right || left.constraint === right.constraint || left.fschema !== right.fschema)
          continue;
        if (!inPk(left) || !inPk(right)) continue;
        if (key(left.fschema, left.ftable) === key(left.schema, left.table)) continue;
        if (key(right.fschema, right.ftable) === key(right.schema, right.table)) continue;
        add(left.fschema, {
          table: left.ftable,
          foreignTable: right.ftable,
          constraint: left.constraint,
          columns: left.columns.map(([j, t]) => [t, j] as [string, string]),
          cardinality: 'm2m',
          isSelf: left.ftable === right.ftable,
          foreignIsView: right.fisView,
          junction: {
            schema: left.schema,
            name: left.table,
            columns: right.columns,
            constraints: [left.constraint, right.constraint],
          },
        });
      }
    }
  }
}

/** A function of one table row returning rows of a table is a computed relationship. */
function computedRelationship(
  routine: Routine,
  rows: number,
  tables: Map<string, Table>,
): Relationship | undefined {
  if (routine.params.length !== 1 || !routine.returnTable) return undefined;
  // format_type names the row type schema-qualified (search_path is pg_catalog), as the tables are keyed.
  const origin = tables.get(routine.params[0].type.replace(/"/g, ''));
  if (!origin || origin.schema !== routine.schema) return undefined;
  const target = tables.get(key(routine.schema, routine.returnTable));
  return {
    table: origin.name,
    foreignTable: routine.returnTable,
    constraint: routine.name,
    columns: [],
    cardinality: routine.returnsSet && rows !== 1 ? 'o2m' : 'm2o',
    isSelf: false,
    foreignIsView: target?.isView ?? false,
    computed: { schema: routine.schema, name: routine.name, paramType: routine.params[0].type },
  };
}

/** A function as the cache describes it, and whether it may be called by name. */
function routineOf(
  row: RoutineRow,
  config: DbConfig,
  tables: Map<string, Table>,
): { routine: Routine; callable: boolean } {
  const inArgs = row.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
  // As PostgREST: a function is callable when every argument is named, or exactly one is
  // unnamed and of a type a whole body can be (bytea, json, jsonb, text, xml).
  const unnamed = inArgs.filter((a) => a.name === '');
  const callable =
    unnamed.length === 0 ||
    (unnamed.length === 1 && ['bytea', 'json', 'jsonb', 'text', 'xml'].includes(unnamed[0].type));
  const firstDefault = inArgs.length - row.ndefaults;
  const composite =
    row.ret_typtype === 'c' ||
    (row.ret_record && row.args.some((a) => a.mode === 'o' || a.mode === 't' || a.mode === 'b'));
  const returnTable =
    row.ret_is_rel && config.schemas.includes(row.ret_schema) && tables.has(key(row.ret_schema, row.ret_name))
      ? row.ret_name
      : null;
  const routine: Routine = {
    schema: row.schema,
    name: row.name,
    params: inArgs.map((a, i) => ({
      name: a.name,
      type: a.type,
      required: i < firstDefault,
      variadic: a.mode === 'v',
    })),
    returnsSet: row.returns_set,
    returnKind: composite ? 'composite' : 'scalar',
    returnTable,
    isVoid: row.is_void,
    volatility: row.volatility,
  };
  return { routine, callable };
}

function buildCache(
  config: DbConfig,
  tableRows: TableRow[],
  fkRows: FkRow[],
  routineRows: RoutineRow[],
  viewKeys: ViewKeys,
): SchemaCache {
  const tables = buildTables(tableRows, viewKeys);
  const relationships = new Map<string, Relationship[]>();
  const add: AddRelationship = (schema, rel) => {
    const k = key(schema, rel.table);
    const list = relationships.get(k) ?? [];
    list.push(rel);
    relationships.set(k, list);
  };
  const exposed = (schema: string) => config.schemas.includes(schema);
  const forwardRels: ForwardRel[] = [
    ...fkRows.map((fk) => ({
      schema: fk.schema,
      table: fk.table,
      isView: false,
      fschema: fk.fschema,
      ftable: fk.ftable,
      fisView: fk.fis_view,
      constraint: fk.name,
      columns: fk.columns,
      unique: fk.is_unique,
    })),
    ...viewForwardRels(fkRows, viewKeys),
  ].filter((rel) => exposed(rel.schema) && exposed(rel.fschema));
  addForeignKeys(add, forwardRels);
  addJunctions(add, forwardRels, tables);

  const routines = new Map<string, Routine[]>();
  for (const row of routineRows) {
    const { routine, callable } = routineOf(row, config, tables);
    // A computed relationship may take its row unnamed; it is embedded, not called by name.
    const computed = computedRelationship(routine, row.rows, tables);
    if (computed) add(routine.schema, computed);
    if (!callable) continue;
    const k = key(row.schema, row.name);
    const list = routines.get(k) ?? [];
    list.push(routine);
    routines.set(k, list);
  }

  return { tables, relationships, routines, config };
}

/** How the listener waits before reconnecting: doubling from the first value up to the last. */
const RECONNECT_MS = { first: 100, max: 5000 };

/** Seen in pg_stat_activity, so the listening connection can be told apart. */
export const LISTENER_APPLICATION_NAME = 'local-rest schema listener';

/**
 * Holds the current cache and reloads it when the database announces a schema change, as
 * PostgREST does: `NOTIFY pgrst, 'reload schema'`, which the platform's event trigger sends after
 * every DDL command (see bootstrap.sql). A name the cache does not know never reloads it by itself
 * (that would let any request make the stack re-read the catalog); it only waits for a change the
 * database has already announced (see `settle`). The LISTEN connection reconnects with backoff
 * after an error or a database restart, and reloads then, since changes may have been missed.
 */
export class SchemaCacheHolder {
  private current: SchemaCache | undefined;
  private inflight: Promise<SchemaCache> | undefined;
  private queued: Promise<SchemaCache> | undefined;
  private listener: pg.Client | undefined;
  private syncing: Promise<void> | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay = RECONNECT_MS.first;
  private listenedBefore = false;
  private closed = false;

  constructor(
    private pool: pg.Pool,
    /** a new connection for LISTEN (not from the pool: it is held for the life of the service) */
    private connect: () => pg.Client,
    private log: (message: string) => void,
    /** `[api]` of config.toml, which the database's `pgrst.*` settings override */
    private settings: ApiSettings,
  ) {}

  get(): Promise<SchemaCache> {
    if (this.current) return Promise.resolve(this.current);
    return this.inflight ?? this.reload();
  }

  /**
   * The cache once every schema change announced so far is loaded. A round trip on the LISTEN
   * connection delivers any notification committed before it (Postgres sends pending
   * notifications before it answers a query), so a request that arrives right after a migration
   * or DDL sees it, while a request for a name that does not exist costs one trivial query.
   */
  async settle(): Promise<SchemaCache> {
    const listener = this.listener;
    if (listener) {
      this.syncing ??= listener
        .query('select')
        .then(() => undefined)
        .catch(() => undefined)
        .finally(() => (this.syncing = undefined));
      await this.syncing;
    }
    await (this.queued ?? this.inflight)?.catch(() => undefined);
    return this.get();
  }

  reload(): Promise<SchemaCache> {
    if (this.queued) return this.queued;
    if (!this.inflight) return this.start();
    const next = this.inflight
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.start();
      });
    this.queued = next;
    return next;
  }

  private start(): Promise<SchemaCache> {
    const promise = loadSchemaCache(this.pool, this.settings).then((cache) => {
      this.current = cache;
      return cache;
    });
    this.inflight = promise;
    promise
      .catch((error) => this.log(`schema cache load failed: ${(error as Error).message}`))
      .finally(() => {
        if (this.inflight === promise) this.inflight = undefined;
      });
    return promise;
  }

  /** LISTEN pgrst on a dedicated connection, reconnecting with backoff whenever it fails. */
  async listen(): Promise<void> {
    if (this.closed || this.listener) return;
    const client = this.connect();
    const lost = (error?: Error) => {
      if (this.listener === client) this.listener = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.closed) return;
      if (error) this.log(`schema listener lost (${error.message}); reconnecting`);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => {
      if (this.listener === client) lost(new Error('connection ended'));
    });
    client.on('notification', (msg) => {
      if (msg.channel !== 'pgrst') return;
      const payload = (msg.payload ?? '').trim();
      if (payload === '' || payload === 'reload schema' || payload === 'reload config')
        void this.reload().catch(() => undefined);
    });
    try {
      await client.connect();
      await client.query('listen pgrst');
    } catch (error) {
      return lost(error as Error);
    }
    if (this.closed) return void client.end().catch(() => undefined);
    this.listener = client;
    this.reconnectDelay = RECONNECT_MS.first;
    // Changes made while nobody listened are picked up now.
    if (this.listenedBefore) void this.reload().catch(() => undefined);
    this.listenedBefore = true;
  }

  private scheduleReconnect() {
    if (this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(RECONNECT_MS.max, delay * 2);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.listen();
    }, delay);
    this.reconnectTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => undefined);
    await this.inflight?.catch(() => undefined);
  }
}
