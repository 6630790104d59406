import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import * as prettier from 'prettier';
import { PROJECT_ROOT, dbUrl, loadConfig } from '../local-supabase/config.ts';
import { migrate, startPostgres, wipe } from '../local-supabase/postgres.ts';

/**
 * Writes src/types/database.ts from the running database, in the Supabase CLI's `Database` format
 * (`supabase gen types typescript`): Tables with Row/Insert/Update/Relationships, Views, Functions,
 * Enums, CompositeTypes, and the Tables/TablesInsert/TablesUpdate/Enums helpers.
 *
 *   tsx scripts/gen-types.ts            reads SUPABASE_DB_URL, or the running local stack's database
 *   tsx scripts/gen-types.ts --fresh    reads a throwaway database with the migrations applied
 *   tsx scripts/gen-types.ts --check    exits 1 when the committed file differs (combines with --fresh)
 *
 * Output is deterministic (everything sorted by name) so a drift test can compare it byte for byte.
 * Members of extensions are left out: locally pgcrypto sits in public, on a hosted project it does not.
 */

export const TYPES_FILE = path.join(PROJECT_ROOT, 'src', 'types', 'database.ts');
const SCHEMAS = ['public'];

interface ColumnInfo {
  table_name: string;
  name: string;
  type_schema: string;
  type_name: string;
  type_type: string;
  elem_schema: string | null;
  elem_name: string | null;
  elem_type: string | null;
  base_name: string | null;
  not_null: boolean;
  has_default: boolean;
  identity: string;
  generated: string;
}

interface RelationInfo {
  name: string;
  kind: string;
  is_updatable: boolean;
}

interface ForeignKeyInfo {
  table_name: string;
  constraint_name: string;
  columns: string[];
  referenced_relation: string;
  referenced_columns: string[];
  is_one_to_one: boolean;
}

interface FunctionInfo {
  name: string;
  arg_names: string[] | null;
  arg_types: string[];
  arg_modes: string[] | null;
  num_defaults: number;
  returns_set: boolean;
  return_type: string;
  return_type_type: string;
  return_type_schema: string;
  table_columns:
    | {
        name: string;
        type: string;
        type_type: string;
        type_schema: string;
        elem: string | null;
        elem_type: string | null;
        elem_schema: string | null;
      }[]
    | null;
}

const STRINGY = new Set([
  'text',
  'varchar',
  'bpchar',
  'char',
  'name',
  'citext',
  'uuid',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'bytea',
  'inet',
  'cidr',
  'macaddr',
  'tsvector',
  'tsquery',
  'money',
  'bit',
  'varbit',
]);
const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

function scalarType(schema: string, name: string, typtype: string): string {
  if (typtype === 'e') {
    return SCHEMAS.includes(schema) ? `Database[${q(schema)}]['Enums'][${q(name)}]` : 'string';
  }
  if (STRINGY.has(name)) return 'string';
  if (NUMERIC.has(name)) return 'number';
  if (name === 'bool') return 'boolean';
  if (name === 'json' || name === 'jsonb') return 'Json';
  if (name === 'void') return 'undefined';
  if (name === 'record') return 'Record<string, unknown>';
  return 'unknown';
}

function columnType(c: ColumnInfo): string {
  if (c.elem_name) return `${scalarType(c.elem_schema ?? '', c.elem_name, c.elem_type ?? '')}[]`;
  if (c.type_type === 'd' && c.base_name) return scalarType('', c.base_name, 'b');
  return scalarType(c.type_schema, c.type_name, c.type_type);
}

const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const key = (s: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s) ? s : q(s));
const EMPTY = '{ [_ in never]: never }';

async function introspect(client: pg.Client) {
  const relations = (
    await client.query<RelationInfo & { schema: string }>(
      `select n.nspname as schema, c.relname as name, c.relkind as kind,
              (c.relkind in ('v') and pg_relation_is_updatable(c.oid::regclass, false) & 20 = 20) as is_updatable
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm')
          and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
        order by c.relname collate "C"`,
      [SCHEMAS],
    )
  ).rows;

  const columns = (
    await client.query<ColumnInfo>(
      `select c.relname as table_name, a.attname as name,
              tn.nspname as type_schema, t.typname as type_name, t.typtype as type_type,
              en.nspname as elem_schema, e.typname as elem_name, e.typtype as elem_type,
              b.typname as base_name,
              a.attnotnull as not_null, a.atthasdef as has_default,
              a.attidentity as identity, a.attgenerated as generated
         from pg_attribute a
         join pg_class c on c.oid = a.attrelid
         join pg_namespace n on n.oid = c.relnamespace
         join pg_type t on t.oid = a.atttypid
         join pg_namespace tn on tn.oid = t.typnamespace
         left join pg_type e on e.oid = t.typelem and t.typcategory = 'A'
         left join pg_namespace en on en.oid = e.typnamespace
         left join pg_type b on b.oid = t.typbasetype and t.typtype = 'd'
        where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm')
          and a.attnum > 0 and not a.attisdropped
        order by c.relname collate "C", a.attname collate "C"`,
      [SCHEMAS],
    )
  ).rows;

  const foreignKeys = (
    await client.query<ForeignKeyInfo>(
      `select c.relname as table_name, con.conname as constraint_name,
              array(select a.attname from unnest(con.conkey) with ordinality k(attnum, i)
                      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.i)::text[] as columns,
              rc.relname as referenced_relation,
              array(select a.attname from unnest(con.confkey) with ordinality k(attnum, i)
                      join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.i)::text[] as referenced_columns,
              exists (
                select 1 from pg_constraint u
                 where u.conrelid = con.conrelid and u.contype in ('p', 'u')
                   and (select array_agg(x order by x) from unnest(u.conkey) x)
                     = (select array_agg(x order by x) from unnest(con.conkey) x)
              ) as is_one_to_one
         from pg_constraint con
         join pg_class c on c.oid = con.conrelid
         join pg_namespace n on n.oid = c.relnamespace
         join pg_class rc on rc.oid = con.confrelid
         join pg_namespace rn on rn.oid = rc.relnamespace
        where con.contype = 'f' and n.nspname = any($1) and rn.nspname = any($1)
        order by c.relname collate "C", con.conname collate "C"`,
      [SCHEMAS],
    )
  ).rows;

  const functions = (
    await client.query<FunctionInfo>(
      `select p.proname as name, p.proargnames as arg_names,
              array(select case when ty.typcategory = 'A'
                                 then en.nspname || '|' || et.typname || '|' || et.typtype::text || '|[]'
                                 else tn.nspname || '|' || ty.typname || '|' || ty.typtype::text end
                      from unnest(p.proargtypes) with ordinality u(t, i)
                      join pg_type ty on ty.oid = u.t
                      join pg_namespace tn on tn.oid = ty.typnamespace
                      left join pg_type et on et.oid = ty.typelem
                      left join pg_namespace en on en.oid = et.typnamespace
                     order by u.i)::text[] as arg_types,
              p.proargmodes::text[] as arg_modes, p.pronargdefaults as num_defaults,
              p.proretset as returns_set, rt.typname as return_type, rt.typtype as return_type_type,
              rtn.nspname as return_type_schema,
              case when p.proargmodes is not null then (
                select json_agg(json_build_object('name', x.name, 'type', tt.typname, 'type_type', tt.typtype,
                                                  'type_schema', ttn.nspname, 'elem', et.typname,
                                                  'elem_type', et.typtype, 'elem_schema', etn.nspname) order by x.i)
                  from unnest(p.proallargtypes, p.proargmodes::text[], p.proargnames) with ordinality x(type, mode, name, i)
                  join pg_type tt on tt.oid = x.type
                  join pg_namespace ttn on ttn.oid = tt.typnamespace
                  left join pg_type et on et.oid = tt.typelem and tt.typcategory = 'A'
                  left join pg_namespace etn on etn.oid = et.typnamespace
                 where x.mode = 't'
              ) end as table_columns
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
         join pg_type rt on rt.oid = p.prorettype
         join pg_namespace rtn on rtn.oid = rt.typnamespace
        where n.nspname = any($1) and p.prokind = 'f'
          and rt.typname not in ('trigger', 'event_trigger')
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        order by p.proname collate "C", p.oid`,
      [SCHEMAS],
    )
  ).rows;

  const enums = (
    await client.query<{ schema: string; name: string; labels: string[] }>(
      `select n.nspname as schema, t.typname as name,
              array_agg(e.enumlabel order by e.enumsortorder)::text[] as labels
         from pg_type t
         join pg_namespace n on n.oid = t.typnamespace
         join pg_enum e on e.enumtypid = t.oid
        where n.nspname = any($1)
          and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e')
        group by n.nspname, t.typname
        order by t.typname collate "C"`,
      [SCHEMAS],
    )
  ).rows;

  return { relations, columns, foreignKeys, functions, enums };
}

function renderRelationships(fks: ForeignKeyInfo[]): string {
  if (fks.length === 0) return '[]';
  return `[${fks
    .map(
      (fk) => `{
        foreignKeyName: ${q(fk.constraint_name)}
        columns: [${fk.columns.map(q).join(', ')}]
        isOneToOne: ${fk.is_one_to_one}
        referencedRelation: ${q(fk.referenced_relation)}
        referencedColumns: [${fk.referenced_columns.map(q).join(', ')}]
      }`,
    )
    .join(',\n')}]`;
}

function renderFunction(fn: FunctionInfo): string {
  const modes = fn.arg_modes ?? fn.arg_types.map(() => 'i');
  const names = fn.arg_names ?? [];
  // proargtypes lists the input arguments only; their names are the input-mode entries of proargnames.
  const inputNames = names.filter((_, i) => ['i', 'b', 'v'].includes(modes[i] ?? 'i'));
  const firstDefault = fn.arg_types.length - fn.num_defaults;
  const args = fn.arg_types.map((type, i) => {
    // "schema|name|typtype", with a fourth part "[]" for an array of that element type
    const [schema, name, typtype, array = ''] = type.split('|');
    const optional = i >= firstDefault ? '?' : '';
    return `${key(inputNames[i] ?? `arg${i}`)}${optional}: ${scalarType(schema, name, typtype)}${array}`;
  });
  let returns: string;
  if (fn.table_columns && fn.table_columns.length > 0) {
    returns = `{ ${fn.table_columns
      .map(
        (c) =>
          `${key(c.name)}: ${
            c.elem
              ? `${scalarType(c.elem_schema ?? '', c.elem, c.elem_type ?? '')}[]`
              : scalarType(c.type_schema, c.type, c.type_type)
          }`,
      )
      .join('\n')} }[]`;
  } else {
    returns = scalarType(fn.return_type_schema, fn.return_type, fn.return_type_type);
    if (fn.returns_set) returns = `${returns}[]`;
  }
  return `{
      Args: ${args.length ? `{ ${args.join('\n')} }` : 'never'}
      Returns: ${returns}
    }`;
}

export async function generateTypes(connectionString: string): Promise<string> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  await client.connect();
  let info: Awaited<ReturnType<typeof introspect>>;
  try {
    info = await introspect(client);
  } finally {
    await client.end();
  }
  const schemaBlocks = SCHEMAS.map((schema) => {
    const tables = info.relations.filter((r) => ['r', 'p'].includes(r.kind) && r.schema === schema);
    const views = info.relations.filter((r) => ['v', 'm'].includes(r.kind) && r.schema === schema);
    const colsOf = (table: string) => info.columns.filter((c) => c.table_name === table);
    const fksOf = (table: string) => info.foreignKeys.filter((f) => f.table_name === table);

    const renderTable = (name: string) => {
      const cols = colsOf(name);
      const row = cols.map((c) => `${key(c.name)}: ${columnType(c)}${c.not_null ? '' : ' | null'}`);
      const insert = cols.map((c) => {
        if (c.identity === 'a' || c.generated === 's') return `${key(c.name)}?: never`;
        const optional = !c.not_null || c.has_default || c.identity === 'd';
        return `${key(c.name)}${optional ? '?' : ''}: ${columnType(c)}${c.not_null ? '' : ' | null'}`;
      });
      const update = cols.map((c) => {
        if (c.identity === 'a' || c.generated === 's') return `${key(c.name)}?: never`;
        return `${key(c.name)}?: ${columnType(c)}${c.not_null ? '' : ' | null'}`;
      });
      return `${key(name)}: {
        Row: { ${row.join('\n')} }
        Insert: { ${insert.join('\n')} }
        Update: { ${update.join('\n')} }
        Relationships: ${renderRelationships(fksOf(name))}
      }`;
    };
    const renderView = (view: RelationInfo) => {
      const cols = colsOf(view.name);
      const row = cols.map((c) => `${key(c.name)}: ${columnType(c)} | null`);
      const writable = view.is_updatable
        ? `
        Insert: { ${cols.map((c) => `${key(c.name)}?: ${columnType(c)} | null`).join('\n')} }
        Update: { ${cols.map((c) => `${key(c.name)}?: ${columnType(c)} | null`).join('\n')} }`
        : '';
      return `${key(view.name)}: {
        Row: { ${row.join('\n')} }${writable}
        Relationships: ${renderRelationships(fksOf(view.name))}
      }`;
    };

    const fnNames = [...new Set(info.functions.map((f) => f.name))];
    const renderFunctions = fnNames.map((name) => {
      const overloads = info.functions.filter((f) => f.name === name).map(renderFunction);
      return `${key(name)}: ${overloads.join(' | ')}`;
    });
    const enums = info.enums.filter((e) => e.schema === schema);

    return `${key(schema)}: {
      Tables: ${tables.length ? `{ ${tables.map((t) => renderTable(t.name)).join('\n')} }` : EMPTY}
      Views: ${views.length ? `{ ${views.map(renderView).join('\n')} }` : EMPTY}
      Functions: ${renderFunctions.length ? `{ ${renderFunctions.join('\n')} }` : EMPTY}
      Enums: ${enums.length ? `{ ${enums.map((e) => `${key(e.name)}: ${e.labels.map(q).join(' | ')}`).join('\n')} }` : EMPTY}
      CompositeTypes: ${EMPTY}
    }`;
  });

  const constants = SCHEMAS.map((schema) => {
    const enums = info.enums.filter((e) => e.schema === schema);
    return `${key(schema)}: { Enums: { ${enums.map((e) => `${key(e.name)}: [${e.labels.map(q).join(', ')}]`).join(',\n')} } }`;
  });

  const source = `/* Generated by scripts/gen-types.ts from the migrations' database: do not edit by hand.
 * Regenerate with \`tsx scripts/gen-types.ts --fresh\` after changing supabase/migrations. */
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  // Lets createClient<Database>() pick the PostgREST dialect the API speaks.
  __InternalSupabase: { PostgrestVersion: '12' }
  ${schemaBlocks.join('\n')}
};
${HELPERS}
export const Constants = { ${constants.join(',\n')} } as const;
`;
  const options = (await prettier.resolveConfig(TYPES_FILE)) ?? {};
  return prettier.format(source, { ...options, filepath: TYPES_FILE });
}

const HELPERS = `
type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>;

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, 'public'>];

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R;
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R;
      }
      ? R
      : never
    : never;

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema['Tables']
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Insert: infer I;
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends { Insert: infer I }
      ? I
      : never
    : never;

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema['Tables']
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Update: infer U;
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends { Update: infer U }
      ? U
      : never
    : never;

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema['Enums']
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums']
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums'][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums']
    ? DefaultSchema['Enums'][DefaultSchemaEnumNameOrOptions]
    : never;

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema['CompositeTypes']
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes']
    : never = never,
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes'][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes']
    ? DefaultSchema['CompositeTypes'][PublicCompositeTypeNameOrOptions]
    : never;
`;

/** The database to read: SUPABASE_DB_URL, or the local stack's (LOCAL_SUPABASE_PORT_OFFSET applies). */
export function defaultDbUrl(): string {
  return process.env.SUPABASE_DB_URL ?? dbUrl(loadConfig());
}

const invokedDirectly =
  process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
/** Starts a throwaway PostgreSQL on a free port, applies the migrations (no seed), reads it, stops it. */
export async function generateFromFreshDatabase(): Promise<string> {
  const port = await new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ploom-gen-types-'));
  fs.chmodSync(stateDir, 0o755);
  const config = loadConfig({ stateDir, dbPort: port, quiet: true });
  const postgres = await startPostgres(config);
  try {
    await migrate(config, { seed: false });
    return await generateTypes(dbUrl(config));
  } finally {
    await postgres.stop();
    await wipe(config);
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
}

if (invokedDirectly) {
  const check = process.argv.includes('--check');
  const generated = process.argv.includes('--fresh')
    ? await generateFromFreshDatabase()
    : await generateTypes(defaultDbUrl());
  const current = fs.existsSync(TYPES_FILE) ? fs.readFileSync(TYPES_FILE, 'utf8') : '';
  if (check) {
    if (current !== generated) {
      console.error(
        `${path.relative(PROJECT_ROOT, TYPES_FILE)} is out of date: run tsx scripts/gen-types.ts --fresh`,
      );
      process.exit(1);
    }
    console.log(`${path.relative(PROJECT_ROOT, TYPES_FILE)} matches the database.`);
  } else {
    fs.writeFileSync(TYPES_FILE, generated);
    console.log(`Wrote ${path.relative(PROJECT_ROOT, TYPES_FILE)}.`);
  }
}
