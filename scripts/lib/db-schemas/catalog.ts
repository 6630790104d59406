import { run as migra } from '@pgkit/migra';
import pg from 'pg';

const pgClient = pg.Client;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What migra does not carry, read from the catalog and diffed here (measured with @pgkit/migra 0.6.1
 * on PostgreSQL 17): privileges other than a table's own (column grants, EXECUTE on functions, USAGE
 * on schemas, grants on views, default privileges), comments, options of views and tables
 * (`security_invoker`), and settings of roles (`alter role ... set`). migra's own table privileges
 * are left off in favour of these, so that every privilege is handled one way.
 */

/** The schemas the diff looks at: the project's, and the platform's where migrations add objects. */
const SKIPPED_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations')`;

export interface Fact {
  /** the object the fact is about, for grouping statements by object */
  object: string;
  /** what kind of object (`table`, `function`, ...) as GRANT and COMMENT spell it */
  kind: string;
  /** the statement that makes this fact true on a database where the object exists */
  sql: string;
}

const ACL_SQL = `
with objects as (
  select 'table' as kind, format('%I.%I', n.nspname, c.relname) as identity,
         coalesce(c.relacl, acldefault('r', c.relowner)) as acl, c.relowner as owner
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'f') and n.nspname not in ${SKIPPED_SCHEMAS}
    and not exists (select from pg_depend d where d.objid = c.oid and d.deptype = 'e')
  union all
  select 'sequence', format('%I.%I', n.nspname, c.relname), coalesce(c.relacl, acldefault('s', c.relowner)), c.relowner
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'S' and n.nspname not in ${SKIPPED_SCHEMAS}
    and not exists (select from pg_depend d where d.objid = c.oid and d.deptype = 'e')
  union all
  select case p.prokind when 'p' then 'procedure' else 'function' end, p.oid::regprocedure::text,
         coalesce(p.proacl, acldefault('f', p.proowner)), p.proowner
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname not in ${SKIPPED_SCHEMAS}
    and not exists (select from pg_depend d where d.objid = p.oid and d.deptype = 'e')
  union all
  select 'schema', quote_ident(n.nspname), coalesce(n.nspacl, acldefault('n', n.nspowner)), n.nspowner
  from pg_namespace n
  where n.nspname not in ${SKIPPED_SCHEMAS} and n.nspname not like 'pg\\_%'
)
select o.kind, o.identity, coalesce(g.rolname, 'public') as grantee, a.privilege_type as privilege
from objects o
left join lateral (select * from aclexplode(o.acl) x where x.grantee <> o.owner) a on true
left join pg_roles g on g.oid = a.grantee
union all
select 'column', format('%I.%I', n.nspname, c.relname) || '|' || quote_ident(at.attname),
       coalesce(g.rolname, 'public'), a.privilege_type
from pg_attribute at
join pg_class c on c.oid = at.attrelid
join pg_namespace n on n.oid = c.relnamespace,
aclexplode(at.attacl) a
left join pg_roles g on g.oid = a.grantee
where at.attacl is not null and at.attnum > 0 and not at.attisdropped and n.nspname not in ${SKIPPED_SCHEMAS}
`;

const quoteRole = (role: string) => (role === 'public' ? 'public' : `"${role.replace(/"/g, '""')}"`);

async function privileges(client: pg.ClientBase) {
  const { rows } = await client.query<{
    kind: string;
    identity: string;
    grantee: string;
    privilege: string | null;
  }>(ACL_SQL);
  // object -> set of "grantee privilege"
  const byObject = new Map<string, { kind: string; identity: string; entries: Set<string> }>();
  for (const r of rows) {
    const key = `${r.kind}:${r.identity}`;
    const entry = byObject.get(key) ?? { kind: r.kind, identity: r.identity, entries: new Set() };
    // An object nobody but its owner may use is listed with no entries.
    if (r.privilege) entry.entries.add(`${r.grantee}\t${r.privilege}`);
    byObject.set(key, entry);
  }
  return byObject;
}

async function comments(
  client: pg.ClientBase,
): Promise<Map<string, { kind: string; identity: string; text: string }>> {
  const { rows } = await client.query<{ type: string; identity: string; description: string }>(`
    select o.type, o.identity, d.description
    from pg_description d, pg_identify_object(d.classoid, d.objoid, d.objsubid) o
    where o.schema is distinct from 'pg_catalog' and coalesce(o.schema, '') not in ${SKIPPED_SCHEMAS}
      and not (d.classoid = 'pg_namespace'::regclass and o.identity in ('public', 'extensions'))
      and d.classoid <> 'pg_extension'::regclass
      and not exists (select from pg_depend e where e.objid = d.objoid and e.deptype = 'e')
  `);
  const map = new Map<string, { kind: string; identity: string; text: string }>();
  for (const r of rows) {
    const kind = r.type.replace(/^(table|view|materialized view|foreign table) column$/, 'column');
    map.set(`${kind}:${r.identity}`, { kind, identity: r.identity, text: r.description });
  }
  return map;
}

async function relOptions(client: pg.ClientBase) {
  const { rows } = await client.query<{ kind: string; identity: string; options: string[] }>(`
    select case c.relkind when 'v' then 'view' when 'm' then 'materialized view' else 'table' end as kind,
           format('%I.%I', n.nspname, c.relname) as identity, c.reloptions as options
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm') and c.reloptions is not null and n.nspname not in ${SKIPPED_SCHEMAS}
  `);
  return new Map(rows.map((r) => [`${r.kind}:${r.identity}`, r]));
}

/** Columns whose collation is not their type's: migra's create table leaves it out. */
async function collations(client: pg.ClientBase) {
  const { rows } = await client.query<{ identity: string; column: string; type: string; collation: string }>(`
    select format('%I.%I', n.nspname, c.relname) as identity, quote_ident(a.attname) as column,
           format_type(a.atttypid, a.atttypmod) as type, format('%I.%I', cn.nspname, co.collname) as collation
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_type t on t.oid = a.atttypid
    join pg_collation co on co.oid = a.attcollation
    join pg_namespace cn on cn.oid = co.collnamespace
    where c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      and a.attcollation <> t.typcollation and n.nspname not in ${SKIPPED_SCHEMAS}
  `);
  return new Map(rows.map((r) => [`${r.identity}|${r.column}`, r]));
}

async function defaultPrivileges(client: pg.ClientBase) {
  const { rows } = await client.query<{ owner: string; schema: string | null; type: string; acl: string[] }>(`
    select r.rolname as owner, n.nspname as schema, d.defaclobjtype as type, d.defaclacl::text[] as acl
    from pg_default_acl d join pg_roles r on r.oid = d.defaclrole
    left join pg_namespace n on n.oid = d.defaclnamespace
  `);
  return new Map(rows.map((r) => [`${r.owner}:${r.schema ?? ''}:${r.type}`, r]));
}

async function roleSettings(client: pg.ClientBase) {
  const { rows } = await client.query<{ role: string; setting: string }>(`
    select r.rolname as role, unnest(s.setconfig) as setting
    from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
    where s.setdatabase = 0
  `);
  return new Map(rows.map((r) => [`${r.role}:${r.setting.split('=')[0]}`, r]));
}

export interface CatalogState {
  privileges: Awaited<ReturnType<typeof privileges>>;
  comments: Awaited<ReturnType<typeof comments>>;
  relOptions: Awaited<ReturnType<typeof relOptions>>;
  collations: Awaited<ReturnType<typeof collations>>;
  defaultPrivileges: Awaited<ReturnType<typeof defaultPrivileges>>;
  roleSettings: Awaited<ReturnType<typeof roleSettings>>;
}

export async function readCatalog(client: pg.ClientBase): Promise<CatalogState> {
  return {
    privileges: await privileges(client),
    comments: await comments(client),
    relOptions: await relOptions(client),
    collations: await collations(client),
    defaultPrivileges: await defaultPrivileges(client),
    roleSettings: await roleSettings(client),
  };
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const sameSet = (a: Set<string> | undefined, b: Set<string> | undefined) =>
  !!a === !!b && (a?.size ?? 0) === (b?.size ?? 0) && [...(a ?? [])].every((x) => b?.has(x));

const DEFACL_KIND: Record<string, string> = {
  r: 'tables',
  S: 'sequences',
  f: 'functions',
  T: 'types',
  n: 'schemas',
};
const DEFACL_PRIV: Record<string, string> = {
  r: 'SELECT',
  a: 'INSERT',
  w: 'UPDATE',
  d: 'DELETE',
  D: 'TRUNCATE',
  x: 'REFERENCES',
  t: 'TRIGGER',
  X: 'EXECUTE',
  U: 'USAGE',
  C: 'CREATE',
  m: 'MAINTAIN',
};

/**
 * The statements that take a database whose catalog reads `from` to one whose catalog reads `to`,
 * for what migra leaves out. An object's privileges are set whole (revoked from everyone, then
 * granted), since a new object starts from whatever its creation gave it.
 */
export function catalogDiff(from: CatalogState, to: CatalogState): Fact[] {
  const out: Fact[] = [];
  // Default privileges first: they decide the privileges of objects created after them.
  for (const [key, want] of to.defaultPrivileges) {
    const had = from.defaultPrivileges.get(key);
    if (had && had.acl.join() === want.acl.join()) continue;
    out.push(...defaultPrivilegeStatements(want));
  }
  for (const [key, had] of from.defaultPrivileges) {
    if (to.defaultPrivileges.has(key)) continue;
    out.push(...defaultPrivilegeStatements({ ...had, acl: [] }));
  }
  for (const [key, want] of to.roleSettings) {
    if (from.roleSettings.get(key)?.setting === want.setting) continue;
    const [name, ...value] = want.setting.split('=');
    out.push({
      object: `role:${want.role}`,
      kind: 'role',
      sql: `alter role ${quoteRole(want.role)} set ${name} = ${literal(value.join('='))};`,
    });
  }
  for (const [key, had] of from.roleSettings) {
    if (to.roleSettings.has(key)) continue;
    out.push({
      object: `role:${had.role}`,
      kind: 'role',
      sql: `alter role ${quoteRole(had.role)} reset ${had.setting.split('=')[0]};`,
    });
  }
  const objects = new Set([...to.privileges.keys(), ...from.privileges.keys()]);
  // Whole objects first: revoking all on a table also revokes its columns' privileges.
  const columnsLast = (key: string) => (key.startsWith('column:') ? `~${key}` : key);
  const keys = [...objects].map(columnsLast).sort();
  for (const key of keys.map((k) => k.replace(/^~/, ''))) {
    const want = to.privileges.get(key);
    const had = from.privileges.get(key);
    if (sameSet(had?.entries, want?.entries)) continue;
    const { kind, identity } = (want ?? had)!;
    if (kind === 'column') {
      const [table, column] = identity.split('|');
      for (const entry of had?.entries ?? []) {
        if (want?.entries.has(entry)) continue;
        const [grantee, privilege] = entry.split('\t');
        out.push({
          object: `table:${table}`,
          kind,
          sql: `revoke ${privilege.toLowerCase()} (${column}) on table ${table} from ${quoteRole(grantee)};`,
        });
      }
      for (const entry of want?.entries ?? []) {
        if (had?.entries.has(entry)) continue;
        const [grantee, privilege] = entry.split('\t');
        out.push({
          object: `table:${table}`,
          kind,
          sql: `grant ${privilege.toLowerCase()} (${column}) on table ${table} to ${quoteRole(grantee)};`,
        });
      }
      continue;
    }
    // An object's privileges, whole: revoked from everyone who may hold some, then granted.
    const grantees = new Set<string>(['public']);
    for (const e of [...(had?.entries ?? []), ...(want?.entries ?? [])]) grantees.add(e.split('\t')[0]);
    for (const role of ['anon', 'authenticated', 'service_role']) grantees.add(role);
    const statements = [
      `revoke all on ${kind} ${identity} from ${[...grantees].sort().map(quoteRole).join(', ')};`,
    ];
    const byGrantee = new Map<string, string[]>();
    for (const entry of [...(want?.entries ?? [])].sort()) {
      const [grantee, privilege] = entry.split('\t');
      byGrantee.set(grantee, [...(byGrantee.get(grantee) ?? []), privilege.toLowerCase()]);
    }
    for (const [grantee, privs] of byGrantee) {
      statements.push(`grant ${privs.join(', ')} on ${kind} ${identity} to ${quoteRole(grantee)};`);
    }
    if (!want) continue; // the object is gone: nothing to grant, and migra drops it
    out.push({ object: `${kind}:${identity}`, kind, sql: statements.join('\n') });
  }
  for (const [key, want] of to.comments) {
    if (from.comments.get(key)?.text === want.text) continue;
    out.push({
      object: commentObject(want.kind, want.identity),
      kind: 'comment',
      sql: `comment on ${want.kind} ${want.identity} is ${literal(want.text)};`,
    });
  }
  for (const [key, had] of from.comments) {
    if (to.comments.has(key)) continue;
    out.push({
      object: commentObject(had.kind, had.identity),
      kind: 'comment',
      sql: `comment on ${had.kind} ${had.identity} is null;`,
    });
  }
  for (const [key, want] of to.collations) {
    if (from.collations.get(key)?.collation === want.collation) continue;
    out.push({
      object: `table:${want.identity}`,
      kind: 'options',
      sql: `alter table ${want.identity} alter column ${want.column} set data type ${want.type} collate ${want.collation};`,
    });
  }
  for (const [key, want] of to.relOptions) {
    if (from.relOptions.get(key)?.options.join() === want.options.join()) continue;
    out.push({
      object: `table:${want.identity}`,
      kind: 'options',
      sql: `alter ${want.kind} ${want.identity} set (${want.options.join(', ')});`,
    });
  }
  for (const [key, had] of from.relOptions) {
    const want = to.relOptions.get(key);
    const gone = had.options
      .map((o) => o.split('=')[0])
      .filter((o) => !want?.options.some((w) => w.startsWith(`${o}=`)));
    if (gone.length && want) {
      out.push({
        object: `table:${had.identity}`,
        kind: 'options',
        sql: `alter ${had.kind} ${had.identity} reset (${gone.join(', ')});`,
      });
    }
  }
  return out;
}

function commentObject(kind: string, identity: string): string {
  if (kind === 'column') return `table:${identity.replace(/\.[^.]+$/, '')}`;
  if (kind === 'policy' || kind === 'trigger') return `table:${identity.replace(/^.* on /, '')}`;
  if (kind === 'view' || kind === 'materialized view') return `table:${identity}`;
  return `${kind}:${identity}`;
}

function defaultPrivilegeStatements(d: {
  owner: string;
  schema: string | null;
  type: string;
  acl: string[];
}): Fact[] {
  const what = DEFACL_KIND[d.type];
  const scope = `alter default privileges for role ${quoteRole(d.owner)}${d.schema ? ` in schema ${d.schema}` : ''}`;
  const statements: string[] = [];
  // An entry exists when the defaults differ from the built-in ones: for functions those include
  // EXECUTE to PUBLIC, so an entry without PUBLIC means it was revoked.
  if (d.type === 'f' && !d.acl.some((a) => a.startsWith('='))) {
    statements.push(`${scope} revoke execute on ${what} from public;`);
  }
  for (const item of d.acl) {
    const [grantee, rest] = item.split('=');
    const privs = rest.split('/')[0];
    if (grantee === d.owner || !privs) continue;
    const names = [...privs].filter((p) => p !== '*').map((p) => DEFACL_PRIV[p]);
    statements.push(
      `${scope} grant ${names.join(', ').toLowerCase()} on ${what} to ${grantee ? quoteRole(grantee) : 'public'};`,
    );
  }
  return [{ object: `schema:${d.schema ?? ''}`, kind: 'default privileges', sql: statements.join('\n') }];
}

export interface SchemaDiff {
  /** migra's statements (without privileges, which `catalog` carries) */
  migra: string[];
  /** what migra leaves out */
  catalog: Fact[];
}

/** What `from` lacks of `to`: migra's statements, then the catalog's. */
export async function diffDatabases(
  fromUrl: string,
  toUrl: string,
  read: (url: string) => Promise<CatalogState>,
): Promise<SchemaDiff> {
  const migration = await migra(fromUrl, toUrl, { unsafe: true, withPrivileges: false });
  let statements = [...migration.statements]
    .map((s) => s.trim())
    // migra writes an exclusion constraint's index as `select 1; -- CREATE INDEX ...`: the
    // constraint creates it.
    .filter((s) => s && !s.startsWith('select 1;'));
  // A check constraint deparsed from `between` nests its ANDs; written back and parsed again they
  // come out flat. The same condition is no difference: drop, add and validate are left out.
  const recreated = statements
    .map((s) => s.match(/^alter table ("[^"]+"\."[^"]+") drop constraint ("[^"]+");$/))
    .filter((m): m is RegExpMatchArray => !!m);
  if (recreated.length) {
    const definitions = async (url: string) => {
      const client = new pgClient({ connectionString: url });
      client.on('error', () => {});
      await client.connect();
      try {
        const { rows } = await client.query<{ key: string; def: string }>(
          `select format('%I.%I|%I', n.nspname, c.relname, k.conname) as key, pg_get_constraintdef(k.oid) as def
           from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
           where k.contype = 'c'`,
        );
        return new Map(rows.map((r) => [r.key, r.def.replace(/[()\s]/g, '')]));
      } finally {
        await client.end();
      }
    };
    const [before, after] = [await definitions(fromUrl), await definitions(toUrl)];
    for (const [, table, name] of recreated) {
      const key = `${table}|${name}`.replace(/"/g, '');
      if (!before.has(key) || before.get(key) !== after.get(key)) continue;
      const same = new RegExp(
        `^alter table ${escape(table)} (drop|add|validate) constraint ${escape(name)}[ ;]`,
      );
      statements = statements.filter((s) => !same.test(s));
    }
  }
  return { migra: statements, catalog: catalogDiff(await read(fromUrl), await read(toUrl)) };
}

export function diffSql(diff: SchemaDiff): string {
  return [...diff.migra, ...diff.catalog.map((f) => f.sql)].join('\n\n');
}
