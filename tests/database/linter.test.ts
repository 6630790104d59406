import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFreshDatabase, type FreshDatabase } from './fresh-database.ts';
import { LINTS, runLint, type LintName } from './lint-queries.ts';

/**
 * The schema passes the checks of Supabase's database linter (splinter) that apply to it, run as
 * our own catalog queries (lint-queries.ts) on a database built from the migrations alone.
 */

let fresh: FreshDatabase;
beforeAll(async () => {
  fresh = await startFreshDatabase();
});
afterAll(async () => {
  await fresh?.stop();
});

const names = Object.keys(LINTS) as LintName[];

describe('the migrations', () => {
  it.each(names)('have no %s finding', async (name) => {
    expect(await runLint(fresh.db, name)).toEqual([]);
  });
});

describe('the lint queries', () => {
  // Each query must find the mistake it is about, or a clean result above would prove nothing.
  const mistakes = `
    create schema lint_probe;
    create table public.lint_probe_open (id int primary key);
    grant select on public.lint_probe_open to anon;
    create table lint_probe.parent (id int primary key);
    create table lint_probe.child (id int primary key, parent_id int references lint_probe.parent (id));
    alter table lint_probe.child enable row level security;
    create policy "first" on lint_probe.child for select to authenticated using (id > 0);
    create policy "second" on lint_probe.child for select to authenticated using (id < 100);
    create policy "anyone inserts" on lint_probe.child for insert to anon with check (true);
    create policy "no check" on lint_probe.child for insert to authenticated;
    create policy "per row" on lint_probe.child for update to authenticated
      using (parent_id::text = auth.uid()::text or parent_id::text = (select auth.uid())::text);
    create table lint_probe.off (id int primary key);
    create policy "ignored" on lint_probe.off for select to authenticated using (true);
    create function lint_probe.unpinned() returns int language sql as 'select 1';
  `;

  it.each<[LintName, string[]]>([
    ['multiple_permissive_policies', ['lint_probe.child: role authenticated, SELECT: first | second']],
    ['rls_policy_always_true', ['lint_probe.child: anyone inserts', 'lint_probe.child: no check']],
    ['unindexed_foreign_keys', ['lint_probe.child: child_parent_id_fkey']],
    ['rls_disabled_in_public', ['public.lint_probe_open']],
    ['policy_exists_rls_disabled', ['lint_probe.off: ignored']],
    ['function_search_path_mutable', ['lint_probe.unpinned()']],
    ['auth_rls_initplan', ['lint_probe.child: per row']],
  ])('%s finds its mistake', async (name, expected) => {
    await fresh.db.query('begin');
    try {
      await fresh.db.query(mistakes);
      expect(await runLint(fresh.db, name)).toEqual(expected);
    } finally {
      await fresh.db.query('rollback');
    }
  });
});
