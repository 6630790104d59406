import type pg from 'pg';

/**
 * What diffing cannot carry (Supabase's "known caveats" of declarative schemas): rows the migrations
 * insert, pg_cron jobs, and the tables of the supabase_realtime publication. Read from a database
 * built from the migrations without the seed, written back as statements for the data migration
 * that follows the baseline.
 */

const PROJECT_SCHEMAS = `('public', 'private')`;

export interface DataInventory {
  tables: { table: string; rows: number }[];
  cronJobs: { jobname: string; schedule: string; command: string }[];
  publication: string[];
}

export async function inventory(
  client: pg.ClientBase,
  bootPublication: string[] = [],
): Promise<DataInventory> {
  const { rows: tables } = await client.query<{ table: string }>(`
    select format('%I.%I', n.nspname, c.relname) as table
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname in ${PROJECT_SCHEMAS} and not c.relispartition
    order by 1`);
  const counted: DataInventory['tables'] = [];
  for (const { table } of tables) {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    if (rows[0].n > 0) counted.push({ table, rows: rows[0].n });
  }
  const cronJobs = (
    await client.query<DataInventory['cronJobs'][number]>(
      `select jobname, schedule, command from cron.job order by jobid`,
    )
  ).rows;
  const publication = (
    await client.query<{ t: string }>(
      `select format('%I.%I', schemaname, tablename) as t from pg_publication_tables
       where pubname = 'supabase_realtime' order by 1`,
    )
  ).rows
    .map((r) => r.t)
    .filter((t) => !bootPublication.includes(t));
  return { tables: counted, cronJobs, publication };
}

function dollarQuote(text: string): string {
  let tag = 'data';
  for (let i = 0; text.includes(`$${tag}$`); i++) tag = `data${i}`;
  return `$${tag}$${text}$${tag}$`;
}

/** The statements that recreate the inventory's rows, cron jobs and publication on the baseline. */
export async function dataStatements(client: pg.ClientBase, inv: DataInventory): Promise<string> {
  const parts: string[] = [
    '-- What the schema diff cannot carry (Supabase\'s "known caveats" of declarative schemas): the rows',
    '-- the migrations inserted, the pg_cron jobs and the tables of the supabase_realtime publication.',
    '-- Triggers stay quiet while the rows go in, so that derived rows (audit, counts) are not doubled.',
    `set session_replication_role = replica;`,
  ];
  for (const { table } of inv.tables) {
    const { rows: columns } = await client.query<{ name: string }>(
      `select quote_ident(attname) as name from pg_attribute
       where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
       order by attnum`,
      [table],
    );
    const list = columns.map((c) => c.name).join(', ');
    const { rows } = await client.query<{ json: string }>(
      `select coalesce(json_agg(t order by t::text), '[]')::text as json from ${table} t`,
    );
    parts.push(
      `insert into ${table} (${list}) overriding system value\n  select ${list} from json_populate_recordset(null::${table}, ${dollarQuote(rows[0].json)});`,
    );
  }
  const { rows: sequences } = await client.query<{ seq: string; last: string; called: boolean }>(`
    select format('%I.%I', schemaname, sequencename) as seq, last_value::text as last, true as called
    from pg_sequences where schemaname in ${PROJECT_SCHEMAS} and last_value is not null`);
  for (const s of sequences) parts.push(`select setval('${s.seq}', ${s.last}, ${s.called});`);
  parts.push('set session_replication_role = origin;');
  for (const job of inv.cronJobs) {
    parts.push(
      `select cron.schedule(${dollarQuote(job.jobname)}, ${dollarQuote(job.schedule)}, ${dollarQuote(job.command)});`,
    );
  }
  if (inv.publication.length)
    parts.push(`alter publication supabase_realtime add table ${inv.publication.join(', ')};`);
  return parts.join('\n\n') + '\n';
}

/** A fingerprint of every row of the project's tables, the cron jobs and the publication. */
export async function dataFingerprint(client: pg.ClientBase): Promise<Map<string, string>> {
  const inv = await inventory(client);
  const out = new Map<string, string>();
  for (const { table } of inv.tables) {
    const { rows } = await client.query<{ h: string }>(
      `select md5(string_agg(t::text, E'\\n' order by t::text)) as h from ${table} t`,
    );
    out.set(table, rows[0].h);
  }
  out.set('cron.job', JSON.stringify(inv.cronJobs));
  out.set('publication supabase_realtime', JSON.stringify(inv.publication));
  return out;
}
