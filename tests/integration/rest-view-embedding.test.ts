import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, serviceClient } from '../support/stack.ts';

/**
 * Embedding through views, as PostgREST does it: a view column that shows a table's column
 * unchanged (directly or through another view) carries that column's keys, so a view gets its
 * base table's foreign keys, both from the view to a table and from a table to the view, and
 * between two views whose tables are related even when those tables are in a schema the API
 * does not expose.
 */

let db: pg.Client;

const TEARDOWN = `
drop view if exists public.rest_view_recent_posts, public.rest_view_posts, public.rest_view_post_sums,
  public.rest_view_posts_twice, public.rest_view_members, public.rest_view_teams cascade;
drop table if exists public.rest_view_posts_base, public.rest_view_authors cascade;
drop schema if exists rest_view_private cascade;`;

const SETUP = `
${TEARDOWN}
create table public.rest_view_authors (id int primary key, name text not null);
create table public.rest_view_posts_base (
  id int primary key,
  author_id int not null references public.rest_view_authors (id),
  title text not null,
  secret text
);
insert into public.rest_view_authors values (1, 'Ada'), (2, 'Brian'), (3, 'Grace');
insert into public.rest_view_posts_base values (1, 1, 'Engines', 'x'), (2, 1, 'Notes', 'y'), (3, 2, 'Unix', 'z');

-- A view that renames the key column and hides one.
create view public.rest_view_posts as
  select id, author_id as writer, title from public.rest_view_posts_base;
-- A view over that view.
create view public.rest_view_recent_posts as
  select id, writer, title from public.rest_view_posts where id > 1;
-- The key column computed: no longer the table's column, so no relationship.
create view public.rest_view_post_sums as
  select id, author_id + 0 as author_id, title from public.rest_view_posts_base;
-- The key column shown twice: one relationship each.
create view public.rest_view_posts_twice as
  select id, author_id, author_id as editor_id, title from public.rest_view_posts_base;

-- Tables in a schema the API does not expose, shown through views in public.
create schema rest_view_private;
create table rest_view_private.teams (id int primary key, name text not null);
create table rest_view_private.members (
  id int primary key,
  team_id int references rest_view_private.teams (id),
  name text not null
);
insert into rest_view_private.teams values (1, 'Red'), (2, 'Blue');
insert into rest_view_private.members values (1, 1, 'Kim'), (2, 1, 'Lee'), (3, 2, 'Max');
create view public.rest_view_teams as select id, name from rest_view_private.teams;
create view public.rest_view_members as select id, name, team_id from rest_view_private.members;

grant select on public.rest_view_authors, public.rest_view_posts_base, public.rest_view_posts,
  public.rest_view_recent_posts, public.rest_view_post_sums, public.rest_view_posts_twice,
  public.rest_view_teams, public.rest_view_members to anon, authenticated, service_role;
`;

beforeAll(async () => {
  db = await adminDb();
  await db.query(SETUP);
});

afterAll(async () => {
  await db.query(TEARDOWN);
  await db.end();
});

describe('a view over a table with a foreign key', () => {
  it('embeds the referenced table from the view (many-to-one)', async () => {
    const { data, error } = await serviceClient()
      .from('rest_view_posts')
      .select('title, writer, rest_view_authors(name)')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Engines', writer: 1, rest_view_authors: { name: 'Ada' } },
      { title: 'Notes', writer: 1, rest_view_authors: { name: 'Ada' } },
      { title: 'Unix', writer: 2, rest_view_authors: { name: 'Brian' } },
    ]);
  });

  it('embeds the view from the referenced table (one-to-many)', async () => {
    const { data, error } = await serviceClient()
      .from('rest_view_authors')
      .select('name, posts:rest_view_posts(title)')
      .order('id')
      .order('id', { referencedTable: 'posts' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Ada', posts: [{ title: 'Engines' }, { title: 'Notes' }] },
      { name: 'Brian', posts: [{ title: 'Unix' }] },
      { name: 'Grace', posts: [] },
    ]);
  });

  it('follows a view over a view down to the table', async () => {
    const { data, error } = await serviceClient()
      .from('rest_view_recent_posts')
      .select('title, rest_view_authors!inner(name)')
      .eq('rest_view_authors.name', 'Ada');
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Notes', rest_view_authors: { name: 'Ada' } }]);
  });

  it('gives no relationship for a column the view computes', async () => {
    const { error, status } = await serviceClient()
      .from('rest_view_post_sums')
      .select('title, rest_view_authors(name)');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST200');
    expect(error?.message).toBe(
      "Could not find a relationship between 'rest_view_post_sums' and 'rest_view_authors' in the schema cache",
    );
  });
});

describe('ambiguity', () => {
  it('lists one relationship per view column showing the key (PGRST201), and a column hint picks one', async () => {
    const { error, status } = await serviceClient()
      .from('rest_view_posts_twice')
      .select('title, rest_view_authors(name)');
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST201');
    expect(error?.details).toEqual([
      {
        cardinality: 'many-to-one',
        embedding: 'rest_view_posts_twice with rest_view_authors',
        relationship:
          'rest_view_posts_base_author_id_fkey using rest_view_posts_twice(author_id) and rest_view_authors(id)',
      },
      {
        cardinality: 'many-to-one',
        embedding: 'rest_view_posts_twice with rest_view_authors',
        relationship:
          'rest_view_posts_base_author_id_fkey using rest_view_posts_twice(editor_id) and rest_view_authors(id)',
      },
    ]);

    const { data, error: hinted } = await serviceClient()
      .from('rest_view_posts_twice')
      .select('title, rest_view_authors!editor_id(name)')
      .eq('id', 3);
    expect(hinted).toBeNull();
    expect(data).toEqual([{ title: 'Unix', rest_view_authors: { name: 'Brian' } }]);
  });

  it('is ambiguous from the table side too (one-to-many)', async () => {
    const { error, status } = await serviceClient()
      .from('rest_view_authors')
      .select('name, rest_view_posts_twice(title)');
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST201');
    expect(error?.details).toEqual([
      expect.objectContaining({ cardinality: 'one-to-many' }),
      expect.objectContaining({ cardinality: 'one-to-many' }),
    ]);
  });
});

describe('views over tables the API does not expose', () => {
  it('relates two views through their tables foreign key, both ways', async () => {
    const members = await serviceClient()
      .from('rest_view_members')
      .select('name, team:rest_view_teams(name)')
      .order('id');
    expect(members.error).toBeNull();
    expect(members.data).toEqual([
      { name: 'Kim', team: { name: 'Red' } },
      { name: 'Lee', team: { name: 'Red' } },
      { name: 'Max', team: { name: 'Blue' } },
    ]);

    const teams = await serviceClient()
      .from('rest_view_teams')
      .select('name, rest_view_members(name)')
      .order('id')
      .order('id', { referencedTable: 'rest_view_members' });
    expect(teams.error).toBeNull();
    expect(teams.data).toEqual([
      { name: 'Red', rest_view_members: [{ name: 'Kim' }, { name: 'Lee' }] },
      { name: 'Blue', rest_view_members: [{ name: 'Max' }] },
    ]);
  });
});
