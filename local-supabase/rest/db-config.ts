import type pg from 'pg';
import type { ApiSettings } from './settings.ts';

/**
 * PostgREST's in-database configuration: settings named `pgrst.*` on the authenticator role
 * (`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`), read at start and on every
 * schema or config reload. They override the file settings (`[api]` of config.toml), as PostgREST's
 * db-config overrides its configuration file.
 */

export type TxEnd = 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';

export interface DbConfig {
  /** db-schemas: the exposed schemas, the first one the default */
  schemas: string[];
  /** db-max-rows */
  maxRows?: number;
  /** db-aggregates-enabled: count()/sum()/avg()/min()/max() in select (off by default) */
  aggregatesEnabled: boolean;
  /** db-plan-enabled: `Accept: application/vnd.pgrst.plan` answers the query plan */
  planEnabled: boolean;
  /** db-tx-end: whether a request's transaction commits, and whether `Prefer: tx` may override it */
  txEnd: TxEnd;
  /**
   * db-pre-request: a function (schema-qualified) called in each request's transaction, as the
   * request's role with its settings in place, before the main statement; what it raises answers
   * the request (e.g. `raise sqlstate 'PT401'` → 401).
   */
  preRequest?: string;
}

const TX_ENDS: TxEnd[] = ['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'];

/** The authenticator role's `pgrst.*` settings, for this database and for all databases. */
const ROLE_SETTINGS_SQL = `
  select split_part(setting, '=', 1) as name, substr(setting, strpos(setting, '=') + 1) as value
  from pg_catalog.pg_db_role_setting s
  join pg_catalog.pg_roles r on r.oid = s.setrole
  cross join lateral unnest(s.setconfig) as setting
  where r.rolname = 'authenticator'
    and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
    and setting like 'pgrst.%'
  order by s.setdatabase`;

const parseBool = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : ['true', 'on', 'yes', '1'].includes(value.trim().toLowerCase());

/** `schema.function` (or `function`) as a quoted SQL name; anything else is ignored, as PostgREST fails to load it. */
function qualifiedFunction(value: string | undefined): string | undefined {
  const parts = value?.trim().split('.');
  if (!parts || parts.length > 2 || parts.some((part) => !/^[A-Za-z_][A-Za-z0-9_$]*$/.test(part)))
    return undefined;
  return parts.map((part) => `"${part}"`).join('.');
}

export function dbConfigFrom(file: ApiSettings, settings: Map<string, string>): DbConfig {
  const schemas = settings
    .get('db_schemas')
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const maxRows = settings.get('db_max_rows');
  const txEnd = settings.get('db_tx_end')?.trim() as TxEnd | undefined;
  return {
    schemas: schemas?.length ? schemas : file.schemas,
    maxRows: maxRows !== undefined && /^\d+$/.test(maxRows) ? Number(maxRows) || undefined : file.maxRows,
    aggregatesEnabled: parseBool(settings.get('db_aggregates_enabled'), false),
    planEnabled: parseBool(settings.get('db_plan_enabled'), false),
    txEnd: txEnd && TX_ENDS.includes(txEnd) ? txEnd : 'commit',
    preRequest: qualifiedFunction(settings.get('db_pre_request')),
  };
}

export async function readDbConfig(client: pg.PoolClient, file: ApiSettings): Promise<DbConfig> {
  const rows = (await client.query<{ name: string; value: string }>(ROLE_SETTINGS_SQL)).rows;
  // A database-specific setting (read last) wins over one for all databases.
  const settings = new Map(rows.map((r) => [r.name.slice('pgrst.'.length), r.value] as [string, string]));
  return dbConfigFrom(file, settings);
}
