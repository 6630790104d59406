import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { plans, steadyGrowthBasePrice } from '../../src/content/plans.ts';
import { PLANS as BILLING_PLANS } from '../../supabase/functions/_shared/plans.ts';
import { PLANS as STRIPE_PLANS } from '../../local-supabase/stripe/plans.ts';
import { adminDb } from '../support/stack.ts';

/**
 * One plan catalogue, written in four places: the site's plans (names, sessions, prices), the
 * billing function's (plan key to Stripe lookup key), the Stripe stand-in's products and prices,
 * and the database's weekly allowance (private.plan_weekly_sessions) with its check constraints.
 * Each is compared with the site's, so changing a plan in one place and not the others fails here.
 */

let db: pg.Client;
beforeAll(async () => {
  db = await adminDb();
});
afterAll(async () => {
  await db?.end();
});

const site = plans.map((p) => ({ key: p.id, name: p.name, sessionsPerWeek: p.sessionsPerWeek }));
const sorted = (values: Iterable<string>) => [...values].sort();

it('the billing function knows the site’s plans, with their names and weekly sessions', () => {
  expect(BILLING_PLANS.map(({ key, name, sessionsPerWeek }) => ({ key, name, sessionsPerWeek }))).toEqual(
    site,
  );
});

it('the Stripe stand-in sells each plan under the billing function’s lookup key, at the site’s price', () => {
  const billing = BILLING_PLANS.map((p) => ({
    lookupKey: p.lookupKey,
    name: p.name,
    sessionsPerWeek: p.sessionsPerWeek,
    // Steady Growth's price differs per landing variant; Stripe charges its base price.
    amount:
      100 * (p.key === 'steady-growth' ? steadyGrowthBasePrice : plans.find((s) => s.id === p.key)!.price),
  }));
  expect(
    STRIPE_PLANS.map(({ lookupKey, name, sessionsPerWeek, amount }) => ({
      lookupKey,
      name,
      sessionsPerWeek,
      amount,
    })),
  ).toEqual(billing);
});

it('the database allows each plan its weekly sessions, and nothing to an unknown plan', async () => {
  const { rows } = await db.query<{ plan: string; sessions: number | null }>(
    `select plan, private.plan_weekly_sessions(plan) as sessions
       from unnest($1::text[]) as plan`,
    [[...site.map((p) => p.key), 'free-trial']],
  );
  expect(rows).toEqual([
    ...site.map((p) => ({ plan: p.key, sessions: p.sessionsPerWeek })),
    { plan: 'free-trial', sessions: null },
  ]);
});

it('a subscription and a quiz recommendation can name exactly these plans', async () => {
  const { rows } = await db.query<{ def: string }>(
    `select pg_get_constraintdef(k.oid) as def
       from pg_constraint k
       join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
      where k.contype = 'c'
        and ((k.conrelid = 'public.subscriptions'::regclass and a.attname = 'plan')
          or (k.conrelid = 'public.quiz_assessments'::regclass and a.attname = 'recommended_plan'))`,
  );
  expect(rows).toHaveLength(2);
  for (const { def } of rows) {
    expect(sorted([...def.matchAll(/'([^']+)'::text/g)].map((m) => m[1]))).toEqual(
      sorted(site.map((p) => p.key)),
    );
  }
});
