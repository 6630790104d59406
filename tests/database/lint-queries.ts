import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { PROJECT_ROOT } from '../../local-supabase/config.ts';

/**
 * Catalog queries equivalent to the checks of Supabase's database linter (splinter) that concern
 * this project, written for our tests: each returns one row per finding, with a `detail` naming
 * the object. Where ours is stricter than splinter's it says so.
 */

/** Schemas of the platform and of extensions: the linter leaves them alone, and so do we. */
const PLATFORM_SCHEMAS = [
  'auth',
  'cron',
  'extensions',
  'graphql',
  'graphql_public',
  'information_schema',
  'net',
  'pg_catalog',
  'pg_toast',
  'pgbouncer',
  'pgsodium',
  'pgsodium_masks',
  'pgtle',
  'realtime',
  'repack',
  'storage',
  'supabase_functions',
  'supabase_migrations',
  'vault',
];

/** The schemas the API serves ([api] schemas in supabase/config.toml). */
export function exposedSchemas(): string[] {
  const toml = fs.readFileSync(path.join(PROJECT_ROOT, 'supabase', 'config.toml'), 'utf8');
  const api = toml.split(/^\[/m).find((section) => section.startsWith('api]')) ?? '';
  const list = /^schemas\s*=\s*\[([^\]]*)\]/m.exec(api)?.[1] ?? '"public"';
  return [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
}

/** A table, function or policy is the project's when it is outside the platform's schemas and no extension owns it. */
const OURS = (schemaColumn: string, oidColumn: string) => `
  ${schemaColumn} <> all($1::text[]) and ${schemaColumn} !~ '^pg_'
  and not exists (select 1 from pg_depend e where e.objid = ${oidColumn} and e.deptype = 'e')`;

/** Expands a policy to the roles it applies to (PUBLIC: every role) and the actions it covers. */
const POLICY_ROLE_ACTION = `
  select n.nspname as schema, c.relname as table_name, c.oid as table_oid, c.relrowsecurity as rls,
         p.polname, p.polpermissive, p.polcmd, r.rolname, action,
         pg_get_expr(p.polqual, p.polrelid) as using_expr,
         pg_get_expr(p.polwithcheck, p.polrelid) as check_expr
    from pg_policy p
    join pg_class c on c.oid = p.polrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_roles r on p.polroles = array[0::oid] or r.oid = any (p.polroles)
   cross join lateral unnest(case p.polcmd
       when 'r' then array['SELECT'] when 'a' then array['INSERT']
       when 'w' then array['UPDATE'] when 'd' then array['DELETE']
       else array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] end) as action`;

export const LINTS = {
  /** More than one permissive policy for the same table, role and action. */
  multiple_permissive_policies: `
    with expanded as (${POLICY_ROLE_ACTION})
    select format('%s.%s: role %s, %s: %s', schema, table_name, rolname, action,
                  string_agg(polname, ' | ' order by polname)) as detail
      from expanded
     where polpermissive and ${OURS('schema', 'table_oid')}
       and rolname !~ '^pg_' and rolname !~ '^supabase.*admin$'
       and not (select rolbypassrls from pg_roles where rolname = expanded.rolname)
     group by schema, table_name, rolname, action
    having count(*) > 1
     order by 1`,

  /**
   * A permissive policy for anon, authenticated (or PUBLIC) whose write condition is always true:
   * USING true on UPDATE/DELETE, WITH CHECK true, or an INSERT with no WITH CHECK.
   */
  rls_policy_always_true: `
    with policies as (
      select distinct schema, table_name, table_oid, polname, polcmd, using_expr, check_expr,
             lower(regexp_replace(coalesce(using_expr, ''), '\\s', '', 'g')) as using_text,
             lower(regexp_replace(coalesce(check_expr, ''), '\\s', '', 'g')) as check_text
        from (${POLICY_ROLE_ACTION}) expanded
       where rls and polpermissive and ${OURS('schema', 'table_oid')}
         and rolname in ('anon', 'authenticated')
    )
    select format('%s.%s: %s', schema, table_name, polname) as detail
      from policies
     where (polcmd in ('w', 'd', '*') and (using_expr is null or using_text in ('true', '(true)', '1=1', '(1=1)')))
        or check_text in ('true', '(true)', '1=1', '(1=1)')
        or (polcmd = 'a' and check_expr is null)
     order by 1`,

  /** A foreign key whose columns are not the leading columns of a valid index. */
  unindexed_foreign_keys: `
    select format('%s.%s: %s', n.nspname, c.relname, k.conname) as detail
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and ${OURS('n.nspname', 'c.oid')}
       and not exists (
         select 1 from pg_index i
          where i.indrelid = k.conrelid and i.indisvalid
            and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(k.conkey)] = k.conkey
       )
     order by 1`,

  /**
   * A table in a schema the API serves without row level security, that the API roles may read or
   * write (splinter looks at SELECT only).
   */
  rls_disabled_in_public: `
    select format('%s.%s', n.nspname, c.relname) as detail
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relrowsecurity
       and n.nspname = any ($2::text[]) and n.nspname <> all ($1::text[])
       and exists (
         select 1 from unnest(array['anon', 'authenticated']) as api(role)
          where has_table_privilege(api.role, c.oid, 'SELECT, INSERT, UPDATE, DELETE')
       )
     order by 1`,

  /** Policies on a table whose row level security is off (they decide nothing). */
  policy_exists_rls_disabled: `
    select format('%s.%s: %s', n.nspname, c.relname, string_agg(p.polname, ' | ' order by p.polname)) as detail
      from pg_policy p
      join pg_class c on c.oid = p.polrelid
      join pg_namespace n on n.oid = c.relnamespace
     where not c.relrowsecurity and ${OURS('n.nspname', 'c.oid')}
     group by n.nspname, c.relname
     order by 1`,

  /** A function or procedure that does not pin its search_path. */
  function_search_path_mutable: `
    select format('%s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as detail
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
     where ${OURS('n.nspname', 'p.oid')}
       and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) as setting where setting like 'search_path=%')
     order by 1`,

  /**
   * A policy that calls auth.uid(), auth.jwt(), auth.role(), auth.email() or current_setting()
   * other than as a whole scalar subquery, `(select auth.uid())`, so it runs once per row instead of
   * once per statement. Stricter than splinter, which is satisfied when one of the calls is wrapped.
   * Like splinter, it covers realtime's policies (realtime.messages) too.
   */
  auth_rls_initplan: `
    with policies as (
      select n.nspname as schema, c.relname as table_name, p.polname,
             concat_ws(' ', pg_get_expr(p.polqual, p.polrelid), pg_get_expr(p.polwithcheck, p.polrelid)) as expr
        from pg_policy p
        join pg_class c on c.oid = p.polrelid
        join pg_namespace n on n.oid = c.relnamespace
       where c.relrowsecurity
         and (${OURS('n.nspname', 'c.oid')} or n.nspname = 'realtime')
    )
    select format('%s.%s: %s', schema, table_name, polname) as detail
      from policies
     where regexp_replace(
             expr,
             '\\(\\s*select\\s+(auth\\.(uid|jwt|role|email)\\(\\)|current_setting\\([^()]*\\))\\s+as\\s+\\w+\\)',
             '', 'gi'
           ) ~* '(auth\\.(uid|jwt|role|email)\\(\\)|current_setting\\()'
     order by 1`,
} as const;

export type LintName = keyof typeof LINTS;

/** Runs one lint against `db`; the details of its findings. */
export async function runLint(db: pg.Client, name: LintName): Promise<string[]> {
  const sql = LINTS[name];
  const params: unknown[] = [PLATFORM_SCHEMAS];
  if (sql.includes('$2')) params.push(exposedSchemas());
  const { rows } = await db.query<{ detail: string }>(sql, params);
  return rows.map((r) => r.detail);
}
