import bcrypt from 'bcryptjs';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { ANON_KEY, loadConfig } from '../local-supabase/config.ts';
import { onThrowawayStack, percentile } from './lib/throwaway-stack.ts';
import type { Database } from '../src/types/database.ts';
import {
  defaultLeadFilters,
  LEAD_PAGE_SIZE,
  type LeadFilters,
} from '../src/features/pipeline/lib/lead-filters.ts';
import { fetchLeadsPage } from '../src/features/pipeline/lib/lead-query.ts';
import { subscribersQuery } from '../src/features/pipeline/lib/subscribers-query.ts';
import { accountsPageQuery, type AppRole } from '../src/features/users/lib/accounts-query.ts';
import { fetchAuditPage } from '../src/features/audit/lib/audit-query.ts';
import { fetchSessionsPage } from '../src/features/sessions/lib/sessions-query.ts';
import { demoAccounts } from '../scripts/demo-accounts.ts';
import { seedAdSpend } from '../scripts/lib/ad-spend-seed.ts';
import { seedScale, SCALE_EMAIL_DOMAIN } from '../scripts/lib/scale-seed.ts';

/**
 * The staff screens at a thousand times today's size (issue 25), on the scale seed
 * (scripts/lib/scale-seed.ts): the landing report over 90 days and its daily series (supabase-js rpc
 * through REST, as /admin/report calls them; p50, goals 150 ms and 100 ms), the marketing cockpit over
 * the same 90 days with 90 days of spend for 50 campaigns (scripts/lib/ad-spend-seed.ts; p50, goal
 * 150 ms), and every list an admin or a coach pages through, each filter as the screen sends it with
 * its exact count (p50 and p95, goal p95 50 ms). Prints a JSON line.
 *
 *   tsx bench/scale.ts                   a throwaway stack (offset 1950) seeded at SCALE (1 by default)
 *   USE_RUNNING_STACK=1 tsx bench/scale.ts   the stack at LOCAL_SUPABASE_PORT_OFFSET, already seeded
 *   RUNS=30 by default
 */
const runs = Math.min(Number(process.env.RUNS ?? 30), 1000);
const scale = Number(process.env.SCALE ?? 1);
const useRunning = process.env.USE_RUNNING_STACK === '1';
if (!useRunning) process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '1950';

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

const pct = (times: number[], p: number) => Math.round(percentile(times, p) * 10) / 10;

async function time(run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { p50Ms: pct(times, 0.5), p95Ms: pct(times, 0.95) };
}

async function signIn(apiUrl: string, email: string, password: string) {
  const client: SupabaseClient<Database> = createClient<Database>(apiUrl, ANON_KEY, clientOptions);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

/**
 * Times every figure against the stack at these addresses, after seeding it at SCALE when it is a
 * throwaway one (a running stack is measured as it is).
 */
async function measureAll(apiUrl: string, dbUrl: string) {
  const db = new pg.Client({ connectionString: dbUrl });
  db.on('error', () => undefined);
  await db.connect();
  let seedSeconds: number | null = null;
  if (!useRunning) {
    const started = performance.now();
    await seedScale(db, { scale, passwordHash: bcrypt.hashSync('ploom-scale-2026', 10) });
    await seedAdSpend(db);
    seedSeconds = Math.round((performance.now() - started) / 100) / 10;
  }
  const { rows: sizes } = await db.query<Record<string, number>>(
    `select (select count(*)::int from public.web_analytics) as analytics,
            (select count(*)::int from public.leads) as leads,
            (select count(*)::int from public.coaching_sessions) as sessions,
            (select count(*)::int from public.children) as children,
            (select count(*)::int from public.audit_logs) as audit,
            (select count(*)::int from public.newsletter_subscribers) as subscribers,
            (select count(*)::int from public.ad_spend) as ad_spend,
            (select count(*)::int from public.invoices) as invoices`,
  );
  const { rows: coachRows } = await db.query<{ id: string }>(
    `select c.id from public.coaches c join auth.users u on u.id = c.user_id where u.email = $1`,
    [`coach.7@${SCALE_EMAIL_DOMAIN}`],
  );
  const coachId = coachRows[0].id;
  const { rows: actorRows } = await db.query<{ id: string }>(`select id from auth.users where email = $1`, [
    `coach.7@${SCALE_EMAIL_DOMAIN}`,
  ]);
  await db.end();

  const admin = await signIn(
    apiUrl,
    demoAccounts.users.find((u) => u.role === 'admin')!.email,
    demoAccounts.password,
  );
  const coach = await signIn(apiUrl, `coach.7@${SCALE_EMAIL_DOMAIN}`, 'ploom-scale-2026');

  // The report, over the last 90 whole days as the screen asks for them (New York's midnights).
  const until = new Date();
  until.setUTCHours(5, 0, 0, 0);
  until.setUTCDate(until.getUTCDate() + 1);
  const since = new Date(until.getTime() - 90 * 86_400_000);
  const range = { since: since.toISOString(), until: until.toISOString() };
  const report = await time(async () => {
    const { error } = await admin.rpc('landing_report', range);
    if (error) throw error;
  });
  const daily = await time(async () => {
    const { error } = await admin.rpc('landing_report_daily', { ...range, time_zone: 'America/New_York' });
    if (error) throw error;
  });
  const funnel = await time(async () => {
    const { error } = await admin.rpc('landing_funnel', range);
    if (error) throw error;
  });
  // The marketing cockpit (issue 37): per campaign and per variant, spend against what it brought.
  let cockpitRows = 0;
  const cockpit = await time(async () => {
    const { data, error } = await admin.rpc('cockpit_report', { ...range, time_zone: 'America/New_York' });
    if (error) throw error;
    cockpitRows = data.length;
  });

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const leadViews: Record<string, Partial<LeadFilters>> = {
    newest: {},
    'status new': { status: 'new' },
    'source fit-call': { source: 'fit-call' },
    'variant /coaching-v2': { variant: '/coaching-v2' },
    'campaign focus_search': { campaign: 'focus_search' },
    'last 14 days': { from: day(-14), to: day(0) },
    overdue: { overdue: true },
    'search "garcia"': { q: 'garcia' },
    'search an email': { q: 'lead.4242@' },
    'sorted by name, page 40': { sort: 'name', dir: 'asc', page: 40 },
  };
  const lists: Record<string, { p50Ms: number; p95Ms: number; count: number }> = {};
  const measure = async (name: string, run: () => Promise<number>) => {
    let count = 0;
    const t = await time(async () => {
      count = await run();
    });
    lists[name] = { ...t, count };
  };
  for (const [name, view] of Object.entries(leadViews)) {
    await measure(
      `leads: ${name}`,
      async () => (await fetchLeadsPage(admin, { ...defaultLeadFilters, ...view }, LEAD_PAGE_SIZE)).count,
    );
  }
  await measure(
    'leads: a coach’s own',
    async () => (await fetchLeadsPage(coach, defaultLeadFilters, LEAD_PAGE_SIZE)).count,
  );

  const weekStart = new Date();
  weekStart.setUTCHours(0, 0, 0, 0);
  weekStart.setUTCDate(weekStart.getUTCDate() - ((weekStart.getUTCDay() + 6) % 7));
  const weekEnd = new Date(weekStart.getTime() + 7 * 86_400_000);
  // As /admin/sessions asks for a page and its count (src/features/sessions/lib/sessions-query.ts).
  const sessions = async (
    client: SupabaseClient<Database>,
    filters: { from?: string; to?: string; coachId?: string; status?: string },
    page = 1,
    pageSize = 20,
  ) => (await fetchSessionsPage(client, { ...filters, page, pageSize })).total;
  const week = { from: weekStart.toISOString(), to: weekEnd.toISOString() };
  await measure('sessions: this week, everyone', () => sessions(admin, week, 1, 200));
  await measure('sessions: this week, one coach', () => sessions(admin, { ...week, coachId }, 1, 200));
  await measure('sessions: the coach’s own week', () => sessions(coach, week, 1, 200));
  await measure('sessions: list from today', () => sessions(admin, { from: new Date().toISOString() }));
  await measure('sessions: list, completed, page 50', () => sessions(admin, { status: 'completed' }, 50));
  await measure('sessions: list, one coach, active', () => sessions(admin, { coachId, status: 'active' }));
  await measure('sessions: the coach’s own list, completed', () => sessions(coach, { status: 'completed' }));
  await measure('sessions: the coach’s own list, page 3', () => sessions(coach, {}, 3));

  const families = async (client: SupabaseClient<Database>, page: number, coach?: string) => {
    let query = client
      .from('family_list')
      .select('parent_id, parent_first_name, children', { count: 'exact' });
    if (coach) query = query.contains('coach_ids', [coach]);
    const { error, count } = await query
      .order('parent_first_name', { ascending: true, nullsFirst: false })
      .order('parent_id')
      .range((page - 1) * 25, page * 25 - 1);
    if (error) throw error;
    return count ?? 0;
  };
  await measure('families: page 1', () => families(admin, 1));
  // Deep pages at full size, the same depth into the list at a smaller SCALE.
  const deep = (page: number) => Math.max(1, Math.floor(page * scale));
  await measure(`families: page ${deep(200)}`, () => families(admin, deep(200)));
  await measure('families: one coach', () => families(admin, 1, coachId));
  await measure('families: the coach’s own', () => families(coach, 1));

  // As /admin/users asks for a page (src/features/users/api/get-accounts.ts).
  const accounts = async (search: string, role: string, page = 1) => {
    const { data, error } = await accountsPageQuery(admin, {
      search,
      role: role as AppRole | '',
      page,
      pageSize: 25,
    });
    if (error) throw error;
    return data?.[0]?.total ?? 0;
  };
  await measure('users: page 1', () => accounts('', ''));
  await measure(`users: page ${deep(100)}`, () => accounts('', '', deep(100)));
  await measure('users: search "garcia"', () => accounts('garcia', ''));
  await measure('users: coaches', () => accounts('', 'coach'));

  // As /admin/audit-logs asks for a page and its count (src/features/audit/lib/audit-query.ts).
  const audit = async (filters: { actor?: string; action?: string; entityType?: string; since?: string }) =>
    (
      await fetchAuditPage(
        admin,
        {
          actor: filters.actor ?? '',
          action: filters.action ?? '',
          entityType: filters.entityType ?? '',
          since: filters.since,
        },
        1,
        50,
      )
    ).total;
  await measure('audit: everything', () => audit({}));
  await measure('audit: one action', () => audit({ action: 'LEAD_ASSIGNED' }));
  await measure('audit: one entity type', () => audit({ entityType: 'lead' }));
  await measure('audit: one actor', () => audit({ actor: actorRows[0].id }));
  await measure('audit: system', () => audit({ actor: 'system' }));
  await measure('audit: last 7 days', () =>
    audit({ since: new Date(Date.now() - 7 * 86_400_000).toISOString() }),
  );

  const subscribers = async (q: string) => {
    const { error, count } = await subscribersQuery(admin, { q }).range(0, 49);
    if (error) throw error;
    return count ?? 0;
  };
  await measure('newsletter: page 1', () => subscribers(''));
  await measure('newsletter: search', () => subscribers('reader.42'));

  console.log(
    JSON.stringify({
      bench: 'scale',
      sizes: sizes[0],
      seedSeconds,
      runs,
      report: {
        rangeDays: 90,
        landing_report: report,
        landing_report_daily: daily,
        landing_funnel: funnel,
        cockpit_report: { ...cockpit, rows: cockpitRows },
      },
      lists,
    }),
  );
}

if (useRunning) {
  const config = loadConfig();
  try {
    await measureAll(
      `http://${config.host}:${config.apiPort}`,
      `postgresql://postgres:${config.dbPassword}@${config.host}:${config.dbPort}/postgres`,
    );
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
  process.exit();
}
await onThrowawayStack('scale', (stack) => measureAll(stack.urls.api, stack.urls.db));
