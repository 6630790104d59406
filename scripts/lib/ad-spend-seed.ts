import type pg from 'pg';
import { SCALE_EMAIL_DOMAIN } from './scale-seed.ts';

/**
 * The marketing cockpit's share of the scale seed (issue 37), loaded after `seedScale`: 90 days of
 * ad spend for 50 campaigns (the five the seed's visits and leads carry, and 45 more that only
 * spend), and the Stripe invoices of the families the seed's enrolled leads became: one a month from
 * a few days after the family's first enrolled lead, at its plan's price, some first invoices a $0
 * trial, some last ones still open and a few void. Every value is a pure function of the row
 * number, as in scale-seed.ts. The rows are loaded with the tables' user triggers off (no audit
 * entries for the history, no Realtime notices), as scale-seed.ts loads its own.
 */
export interface AdSpendSeedCounts {
  campaigns: number;
  spendDays: number;
  spendRows: number;
  invoices: number;
}

/** The campaigns the seed's analytics and leads carry (scale-seed.ts), then the spend-only ones. */
export const SEEDED_CAMPAIGNS = [
  'spring_calm_homes',
  'focus_search',
  'retarget',
  'back_to_school',
  'newsletter_may',
];
export const SPEND_CAMPAIGNS = 50;
export const SPEND_DAYS = 90;

export function spendCampaigns(): string[] {
  const extra = Array.from(
    { length: SPEND_CAMPAIGNS - SEEDED_CAMPAIGNS.length },
    (_, i) => `scale_campaign_${String(i + SEEDED_CAMPAIGNS.length + 1).padStart(2, '0')}`,
  );
  return [...SEEDED_CAMPAIGNS, ...extra];
}

/** Fills `db` (connected as the database owner, already holding the scale seed). */
export async function seedAdSpend(
  db: pg.ClientBase,
  options: { onStep?: (step: string, ms: number) => void } = {},
): Promise<AdSpendSeedCounts> {
  const campaigns = spendCampaigns();
  const step = async (name: string, sql: string, params: unknown[] = []) => {
    const started = performance.now();
    const result = await db.query(sql, params);
    options.onStep?.(name, performance.now() - started);
    return result.rowCount ?? 0;
  };
  let spendRows: number;
  let invoices: number;
  await db.query('begin');
  try {
    await db.query('alter table public.ad_spend disable trigger user');
    await db.query('alter table public.invoices disable trigger user');
    // On a stack with the demo seed, its five weeks of two campaigns' spend give way to these.
    await db.query('delete from public.ad_spend where campaign = any($1)', [campaigns]);
    // Retargeting and every third campaign run on Meta, the newsletter's sponsorship is entered by
    // hand, the rest on Google Ads; a campaign's day costs between $5 and $405.
    spendRows = await step(
      `ad spend: ${campaigns.length} campaigns × ${SPEND_DAYS} days`,
      `insert into public.ad_spend (campaign, day, amount_minor, currency, source, created_at, updated_at)
       select c.name, d.day,
              500 + (hashint8extended(c.i * 1000 + d.k, 301) & 2147483647) % 40000,
              'USD',
              case when c.name = 'newsletter_may' then 'manual'
                   when c.name = 'retarget' or c.i % 3 = 0 then 'meta' else 'google-ads' end,
              d.day + interval '1 day', d.day + interval '1 day'
       from unnest($1::text[]) with ordinality as c (name, i)
       cross join lateral (
         select k, (now() at time zone 'UTC')::date - k as day from generate_series(0, ${SPEND_DAYS - 1}) as k
       ) d`,
      [campaigns],
    );
    invoices = await step(
      'invoices of the enrolled families',
      `insert into public.invoices (id, parent_id, subscription_id, number, status, currency, amount_due,
                                    amount_paid, period_start, period_end, stripe_created, last_event_at,
                                    created_at, updated_at)
       select 'in_scale_' || f.n || '_' || m.k, f.parent_id, f.subscription_id, 'SCALE-' || f.n || '-' || m.k,
              st.status, 'usd', a.amount, case when st.status = 'paid' then a.amount else 0 end,
              m.at, m.at + interval '30 days', m.at, m.at, m.at, m.at
       from (
         select row_number() over (order by e.parent_id) as n, e.parent_id, e.first_at,
                (select s.id from public.subscriptions s where s.parent_id = e.parent_id
                 order by s.stripe_created desc limit 1) as subscription_id,
                (select s.plan from public.subscriptions s where s.parent_id = e.parent_id
                 order by s.stripe_created desc limit 1) as plan
         from (
           select l.enrolled_parent_id as parent_id, min(l.created_at) + interval '3 days' as first_at
           from public.leads l
           join auth.users u on u.id = l.enrolled_parent_id
           where l.status = 'enrolled' and u.email like '%@${SCALE_EMAIL_DOMAIN}'
           group by 1
         ) e
       ) f
       cross join lateral (
         select k, f.first_at + interval '30 days' * k as at,
                k = floor(extract(epoch from now() - f.first_at) / (30 * 86400))::int as is_last
         from generate_series(0, greatest(0, floor(extract(epoch from now() - f.first_at) / (30 * 86400))::int)) as k
       ) m
       cross join lateral (select
         case when m.k = 0 and (hashint8extended(f.n, 311) & 2147483647) % 10 = 0 then 0
              when f.plan = 'focused-progress' then 65000
              when f.plan = 'intensive-momentum' then 90000
              else 35000 end as amount) a
       cross join lateral (select
         case when m.is_last and (hashint8extended(f.n, 312) & 2147483647) % 20 = 0 then 'open'
              when (hashint8extended(f.n * 100 + m.k, 313) & 2147483647) % 50 = 0 then 'void'
              else 'paid' end as status) st
       where m.at < now()`,
    );
    await db.query('alter table public.ad_spend enable trigger user');
    await db.query('alter table public.invoices enable trigger user');
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
  await step('analyze ad spend and invoices', 'analyze public.ad_spend, public.invoices');
  return { campaigns: campaigns.length, spendDays: SPEND_DAYS, spendRows, invoices };
}
