import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { challengeOptions } from '../../src/content/challenges.ts';
import { FOCUS_AREA_LABELS } from '../../supabase/functions/_shared/focus-areas.ts';
import { CHALLENGE_LABELS } from '../../supabase/functions/send-fit-call-notifications/email.ts';
import { SKILLS } from '../../supabase/functions/send-quiz-results/email.ts';
import { adminDb } from '../support/stack.ts';

/**
 * One list of focus areas (the spec's challenge options): the site's select, the emails' labels
 * and the database's check constraints must name the same values, with the spec's labels.
 */

const SPEC = {
  emotions: 'Managing Emotions',
  confidence: 'Building Confidence',
  focus: 'Improving Focus',
  connection: 'Strengthening Connection',
  other: 'Other',
};

let db: pg.Client;
beforeAll(async () => {
  db = await adminDb();
});
afterAll(async () => {
  await db?.end();
});

/** The quoted values of a check constraint on public.<table>.<column>, sorted. */
async function allowedValues(table: string, column: string): Promise<string[]> {
  const { rows } = await db.query<{ def: string }>(
    `select pg_get_constraintdef(k.oid) as def
       from pg_constraint k
       join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
      where k.conrelid = $1::regclass and k.contype = 'c' and a.attname = $2`,
    [`public.${table}`, column],
  );
  expect(rows, `one check constraint on ${table}.${column}`).toHaveLength(1);
  return [...rows[0].def.matchAll(/'([^']+)'::text/g)].map((m) => m[1]).sort();
}

const sorted = (values: Iterable<string>) => [...values].sort();

it('the site offers the spec’s options with the spec’s labels', () => {
  expect(Object.fromEntries(challengeOptions.map((o) => [o.value, o.label]))).toEqual(SPEC);
});

it('the emails label each option as the site does', () => {
  expect(FOCUS_AREA_LABELS).toEqual(SPEC);
  expect(CHALLENGE_LABELS).toEqual(SPEC);
});

it('the database accepts exactly these values for a lead and a child', async () => {
  expect(await allowedValues('waitlist', 'challenge')).toEqual(sorted(Object.keys(SPEC)));
  expect(await allowedValues('children', 'focus_areas')).toEqual(sorted(Object.keys(SPEC)));
});

it('the quiz scores the four skills among them (all but "other"), as its email and table do', async () => {
  const skills = sorted(Object.keys(SPEC).filter((value) => value !== 'other'));
  expect(sorted(SKILLS.map(([key]) => key))).toEqual(skills);
  expect(await allowedValues('quiz_assessments', 'top_focus_area')).toEqual(skills);
});
