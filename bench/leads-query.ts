import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { onThrowawayStack, percentile } from './lib/throwaway-stack.ts';
import type { Database } from '../src/types/database.ts';
import {
  defaultLeadFilters,
  LEAD_PAGE_SIZE,
  type LeadFilters,
} from '../src/features/pipeline/lib/lead-filters.ts';
import { fetchLeadsPage } from '../src/features/pipeline/lib/lead-query.ts';
import { demoAccounts } from '../scripts/demo-accounts.ts';

/**
 * "Thousands of leads stay fast": a throwaway stack (own ports, offset 1650, temporary folder) gets
 * LEADS extra leads (10,000 by default) through the waitlist and contact tables, as the forms would
 * leave them, then times the admin's page query (supabase-js, the same query the screen sends, with
 * its exact count) for the views the team uses most. Prints a JSON line.
 *   tsx bench/leads-query.ts        LEADS=10000 RUNS=30 by default
 */
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '1650';
const leads = Math.min(Number(process.env.LEADS ?? 10_000), 200_000);
const runs = Math.min(Number(process.env.RUNS ?? 30), 1000);

const views: Record<string, Partial<LeadFilters>> = {
  newest: {},
  overdue: { overdue: true },
  'status+source': { status: 'contacted', source: 'fit-call' },
  'variant+date': {
    variant: '/coaching-v2',
    from: new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10),
  },
  search: { q: 'parent.4242' },
  'sorted by name, page 40': { sort: 'name', dir: 'asc', page: 40 },
};

await onThrowawayStack('leads', async (stack) => {
  const db = new pg.Client({ connectionString: stack.urls.db });
  await db.connect();
  const seeded = performance.now();
  await db.query(
    `insert into public.waitlist (name, email, phone, child_name, age_band, challenge, consent, source, landing_path, status, created_at)
     select 'Bench Parent ' || n, 'bench.parent.' || n || '@example.com', '(555) 010-' || lpad((n % 10000)::text, 4, '0'),
            (array['Ava', 'Leo', 'Mia', 'Noah', 'Zoe'])[1 + n % 5], (7 + n % 6)::text,
            (array['emotions', 'confidence', 'focus', 'connection'])[1 + n % 4], true,
            (array['fit-call', 'contact-v2', 'waitlist'])[1 + n % 3],
            (array['/', '/coaching?utm_campaign=spring', '/coaching-home', '/coaching-v2?utm_campaign=focus', '/pricing'])[1 + n % 5],
            (array['new', 'new', 'contacted', 'call_scheduled', 'not_a_fit', 'closed'])[1 + n % 6],
            now() - make_interval(mins => n * 7)
     from generate_series(1, $1::int) as n`,
    [Math.round(leads * 0.9)],
  );
  await db.query(
    `insert into public.contact_messages (name, email, topic, message, created_at)
     select 'Bench Writer ' || n, 'bench.writer.' || n || '@example.com', 'program',
            'A question about coaching for my child, number ' || n, now() - make_interval(mins => n * 11)
     from generate_series(1, $1::int) as n`,
    [leads - Math.round(leads * 0.9)],
  );
  await db.query('analyze public.leads');
  const seedSeconds = (performance.now() - seeded) / 1000;
  const total = Number((await db.query('select count(*) from public.leads')).rows[0].count);
  await db.end();

  const admin: SupabaseClient<Database> = createClient<Database>(stack.urls.api, stack.keys.anon, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const account = demoAccounts.users.find((u) => u.role === 'admin')!;
  const signIn = await admin.auth.signInWithPassword({
    email: account.email,
    password: demoAccounts.password,
  });
  if (signIn.error) throw signIn.error;

  const results: Record<string, { p50Ms: number; p95Ms: number; count: number }> = {};
  for (const [name, view] of Object.entries(views)) {
    const filters = { ...defaultLeadFilters, ...view };
    await fetchLeadsPage(admin, filters, LEAD_PAGE_SIZE); // warm up
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      count = (await fetchLeadsPage(admin, filters, LEAD_PAGE_SIZE)).count;
      times.push(performance.now() - started);
    }
    const pct = (p: number) => Math.round(percentile(times, p) * 10) / 10;
    results[name] = { p50Ms: pct(0.5), p95Ms: pct(0.95), count };
  }
  console.log(
    JSON.stringify({
      bench: 'leads-query',
      leads: total,
      pageSize: LEAD_PAGE_SIZE,
      runs,
      seedSeconds: Math.round(seedSeconds * 10) / 10,
      views: results,
    }),
  );
});
