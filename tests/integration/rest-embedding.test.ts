import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, serviceClient } from '../support/stack.ts';

/**
 * Resource embedding as PostgREST plans it, driven by supabase-js: many-to-many through a
 * junction table, functions of a row as embedded resources (computed relationships), and
 * aggregates in select when `pgrst.db_aggregates_enabled` is on (off by default, as on hosted
 * Supabase).
 */

let db: pg.Client;

const SETUP = `
drop table if exists public.rest_embed_tags, public.rest_embed_books, public.rest_embed_book_tags,
  public.rest_embed_tag_notes, public.rest_embed_sales, public.rest_embed_reviews cascade;
drop function if exists public.rest_embed_pick(text), public.rest_embed_pick(int), public.rest_embed_pick(),
  public.rest_embed_body(text), public.rest_embed_unnamed_int(int);
create table public.rest_embed_books (id int primary key, title text not null);
create table public.rest_embed_tags (id int primary key, label text not null);
create table public.rest_embed_book_tags (
  book_id int references public.rest_embed_books (id),
  tag_id int references public.rest_embed_tags (id),
  primary key (book_id, tag_id)
);
-- Keys to both books and tags under a surrogate primary key: not a junction (PostgREST takes a
-- table as one only when both keys' columns are in its primary key), so books-tags stays unambiguous.
create table public.rest_embed_tag_notes (
  id int primary key,
  book_id int references public.rest_embed_books (id),
  tag_id int references public.rest_embed_tags (id)
);
create table public.rest_embed_sales (
  id int primary key,
  book_id int not null references public.rest_embed_books (id),
  amount int not null
);
insert into public.rest_embed_books values (1, 'Dune'), (2, 'Emma'), (3, 'Ulysses');
insert into public.rest_embed_tags values (1, 'classic'), (2, 'sci-fi'), (3, 'romance');
insert into public.rest_embed_book_tags values (1, 1), (1, 2), (2, 1), (2, 3);
insert into public.rest_embed_sales values (1, 1, 10), (2, 1, 5), (3, 2, 7);
grant select on public.rest_embed_books, public.rest_embed_tags, public.rest_embed_book_tags,
  public.rest_embed_sales to anon, authenticated, service_role;

create table public.rest_embed_reviews (
  id int primary key,
  book_id int not null references public.rest_embed_books (id),
  editor_id int references public.rest_embed_books (id)
);
grant select on public.rest_embed_reviews to anon, authenticated, service_role;
create function public.rest_embed_pick(a text) returns text language sql as $$ select 'text' $$;
create function public.rest_embed_pick(a int) returns text language sql as $$ select 'int' $$;
create function public.rest_embed_pick() returns text language sql as $$ select 'none' $$;
create function public.rest_embed_body(text) returns text language sql as $$ select 'body: ' || $1 $$;
create function public.rest_embed_unnamed_int(int) returns int language sql as $$ select $1 $$;
create function public.rest_embed_big_sales(public.rest_embed_books) returns setof public.rest_embed_sales
  language sql stable as $$ select * from public.rest_embed_sales where book_id = $1.id and amount > 6 $$;
create function public.rest_embed_first_tag(public.rest_embed_books) returns public.rest_embed_tags
  language sql stable as $$
    select t.* from public.rest_embed_tags t join public.rest_embed_book_tags bt on bt.tag_id = t.id
    where bt.book_id = $1.id order by t.id limit 1 $$;
`;

async function setAggregates(on: boolean) {
  await db.query(
    on
      ? `alter role authenticator set pgrst.db_aggregates_enabled = 'true'`
      : 'alter role authenticator reset pgrst.db_aggregates_enabled',
  );
  await db.query(`notify pgrst, 'reload config'`);
}

beforeAll(async () => {
  db = await adminDb();
  await db.query(SETUP);
});

afterAll(async () => {
  await setAggregates(false);
  await db.query(`drop table if exists public.rest_embed_tags, public.rest_embed_books,
    public.rest_embed_book_tags, public.rest_embed_tag_notes, public.rest_embed_sales,
    public.rest_embed_reviews cascade;
    drop function if exists public.rest_embed_pick(text), public.rest_embed_pick(int), public.rest_embed_pick(),
      public.rest_embed_body(text), public.rest_embed_unnamed_int(int)`);
  await db.end();
});

describe('many-to-many', () => {
  it('embeds the rows a junction table links, both ways', async () => {
    const { data, error } = await serviceClient()
      .from('rest_embed_books')
      .select('title, rest_embed_tags(label)')
      .order('id')
      .order('id', { referencedTable: 'rest_embed_tags' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Dune', rest_embed_tags: [{ label: 'classic' }, { label: 'sci-fi' }] },
      { title: 'Emma', rest_embed_tags: [{ label: 'classic' }, { label: 'romance' }] },
      { title: 'Ulysses', rest_embed_tags: [] },
    ]);

    const back = await serviceClient()
      .from('rest_embed_tags')
      .select('label, books:rest_embed_books!inner(title)')
      .eq('books.title', 'Emma')
      .order('id');
    expect(back.data).toEqual([
      { label: 'classic', books: [{ title: 'Emma' }] },
      { label: 'romance', books: [{ title: 'Emma' }] },
    ]);
  });
});

describe('ambiguity and spreads', () => {
  it('lists every candidate relationship as an array in PGRST201 details', async () => {
    const { error, status } = await serviceClient()
      .from('rest_embed_reviews')
      .select('id, rest_embed_books(title)');
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST201');
    expect(error?.details).toEqual([
      {
        cardinality: 'many-to-one',
        embedding: 'rest_embed_reviews with rest_embed_books',
        relationship:
          'rest_embed_reviews_book_id_fkey using rest_embed_reviews(book_id) and rest_embed_books(id)',
      },
      {
        cardinality: 'many-to-one',
        embedding: 'rest_embed_reviews with rest_embed_books',
        relationship:
          'rest_embed_reviews_editor_id_fkey using rest_embed_reviews(editor_id) and rest_embed_books(id)',
      },
    ]);
  });

  it('spreads a to-many relationship as arrays of its columns', async () => {
    const { data, error } = await serviceClient()
      .from('rest_embed_books')
      .select('title, ...rest_embed_sales(amount)')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect({ ...data, amount: [...(data?.amount as number[])].sort() }).toEqual({
      title: 'Dune',
      amount: [10, 5].sort(),
    });
  });
});

describe('function overloads', () => {
  it('picks the overload the argument names choose, and lists candidates it cannot choose between', async () => {
    const none = await serviceClient().rpc('rest_embed_pick');
    expect(none.data).toBe('none');
    const ambiguous = await serviceClient().rpc('rest_embed_pick', { a: 'x' });
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.message).toBe(
      'Could not choose the best candidate function between: public.rest_embed_pick(a => integer), public.rest_embed_pick(a => text)',
    );
  });

  it('calls a function of one unnamed text parameter with the body, and does not know one of an int', async () => {
    const text = await serviceClient().rpc('rest_embed_body', { '': 'hello' });
    expect(text.error).toBeNull();
    expect(text.data).toBe('body: {"":"hello"}');

    const int = await serviceClient().rpc('rest_embed_unnamed_int', { '': 1 });
    expect(int.status).toBe(404);
    expect(int.error?.code).toBe('PGRST202');
    expect(int.error?.message).toBe(
      'Could not find the function public.rest_embed_unnamed_int() in the schema cache',
    );
  });
});

describe('computed relationships', () => {
  it('embeds what a function of the row returns: a set as an array, a single row as an object', async () => {
    const { data, error } = await serviceClient()
      .from('rest_embed_books')
      .select('title, big:rest_embed_big_sales(amount), rest_embed_first_tag(label)')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Dune', big: [{ amount: 10 }], rest_embed_first_tag: { label: 'classic' } },
      { title: 'Emma', big: [{ amount: 7 }], rest_embed_first_tag: { label: 'classic' } },
      // A function returning one (null) row gives a row of nulls, as PostgREST answers.
      { title: 'Ulysses', big: [], rest_embed_first_tag: { label: null } },
    ]);
  });
});

describe('aggregates', () => {
  it('are refused while pgrst.db_aggregates_enabled is off (PGRST123)', async () => {
    const { error, status } = await serviceClient().from('rest_embed_sales').select('amount.sum()');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed' });
  });

  it('group by the other selected columns once enabled, on the root and in embeds', async () => {
    await setAggregates(true);
    const deadline = Date.now() + 5000;
    let res = await serviceClient().from('rest_embed_sales').select('book_id, total:amount.sum(), count()');
    while (res.error?.code === 'PGRST123' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      res = await serviceClient().from('rest_embed_sales').select('book_id, total:amount.sum(), count()');
    }
    expect(res.error).toBeNull();
    expect([...(res.data ?? [])].sort((a, b) => a.book_id - b.book_id)).toEqual([
      { book_id: 1, total: 15, count: 2 },
      { book_id: 2, total: 7, count: 1 },
    ]);

    const whole = await serviceClient().from('rest_embed_sales').select('amount.avg()::int, amount.max()');
    expect(whole.data).toEqual([{ avg: 7, max: 10 }]);

    const nested = await serviceClient()
      .from('rest_embed_books')
      .select('title, rest_embed_sales(amount.sum())')
      .order('id');
    expect(nested.data).toEqual([
      { title: 'Dune', rest_embed_sales: [{ sum: 15 }] },
      { title: 'Emma', rest_embed_sales: [{ sum: 7 }] },
      { title: 'Ulysses', rest_embed_sales: [{ sum: null }] },
    ]);
  });
});
