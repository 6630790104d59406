import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leadSources } from '../../src/features/pipeline/lib/lead-filters.ts';
import { LEAD_SOURCE_LABELS } from '../../supabase/functions/_shared/lead-sources.ts';
import { adminDb } from '../support/stack.ts';

/**
 * One catalogue of lead sources: the admin's filter and list, the team's emails and the database's
 * check constraint on leads.source name the same sources, and the admin shows the email's names.
 */

let db: pg.Client;
beforeAll(async () => {
  db = await adminDb();
});
afterAll(async () => {
  await db?.end();
});

it('the database allows exactly the catalogued sources', async () => {
  const { rows } = await db.query<{ def: string }>(
    `select pg_get_constraintdef(k.oid) as def
       from pg_constraint k
       join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
      where k.conrelid = 'public.leads'::regclass and k.contype = 'c' and a.attname = 'source'`,
  );
  expect(rows).toHaveLength(1);
  const allowed = [...rows[0].def.matchAll(/'([^']+)'::text/g)].map((m) => m[1]).sort();
  expect(allowed).toEqual(Object.keys(LEAD_SOURCE_LABELS).sort());
});

it("the admin's source names are the emails' names", () => {
  expect(Object.fromEntries(leadSources.map((s) => [s.value, s.label]))).toEqual(LEAD_SOURCE_LABELS);
});
