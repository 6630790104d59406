import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getRest } from '@/lib/rest';

/** The report's range as instants (the landing report's own), and the zone its days are read in. */
export interface CockpitRange {
  since: string;
  until: string;
  timeZone: string;
}

/** One campaign's or one landing variant's figures over the range (public.cockpit_report). */
export interface CockpitRow {
  dimension: 'campaign' | 'variant';
  /** the utm_campaign, or the landing page's path; null: none (direct visits, no campaign) */
  key: string | null;
  visitors: number;
  leads: number;
  introCallsBooked: number;
  enrolled: number;
  spendMinor: number;
  firstMonthRevenueMinor: number;
  revenueToDateMinor: number;
  currency: string;
  costPerLeadMinor: number | null;
  costPerCallMinor: number | null;
  costPerEnrolledMinor: number | null;
  returnOnSpend: number | null;
}

/** A campaign's spend and enrolments in one week (public.cockpit_weekly), for the chart. */
export interface CockpitWeek {
  weekStart: string;
  campaign: string;
  spendMinor: number;
  enrolled: number;
}

export interface Cockpit {
  rows: CockpitRow[];
  weeks: CockpitWeek[];
}

const num = (value: unknown) => Number(value ?? 0);
const maybe = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export async function getCockpit(range: CockpitRange): Promise<Cockpit> {
  const rest = getRest();
  const args = { since: range.since, until: range.until, time_zone: range.timeZone };
  const [report, weekly] = await Promise.all([
    rest.rpc('cockpit_report', args),
    rest.rpc('cockpit_weekly', args),
  ]);
  if (report.error) throw report.error;
  if (weekly.error) throw weekly.error;
  return {
    rows: report.data.map((row) => ({
      dimension: row.dimension === 'variant' ? 'variant' : 'campaign',
      key: row.key,
      visitors: num(row.visitors),
      leads: num(row.leads),
      introCallsBooked: num(row.intro_calls_booked),
      enrolled: num(row.enrolled),
      spendMinor: num(row.spend_minor),
      firstMonthRevenueMinor: num(row.first_month_revenue_minor),
      revenueToDateMinor: num(row.revenue_to_date_minor),
      currency: row.currency ?? 'USD',
      costPerLeadMinor: maybe(row.cost_per_lead_minor),
      costPerCallMinor: maybe(row.cost_per_call_minor),
      costPerEnrolledMinor: maybe(row.cost_per_enrolled_minor),
      returnOnSpend: maybe(row.return_on_spend),
    })),
    weeks: weekly.data.map((row) => ({
      weekStart: row.week_start,
      campaign: row.campaign,
      spendMinor: num(row.spend_minor),
      enrolled: num(row.enrolled),
    })),
  };
}

export const cockpitKey = ['cockpit'] as const;

export const cockpitQueryOptions = (range: CockpitRange) =>
  queryOptions({
    queryKey: [...cockpitKey, range],
    queryFn: () => getCockpit(range),
    placeholderData: keepPreviousData,
  });

export function useCockpit(range: CockpitRange) {
  return useQuery(cockpitQueryOptions(range));
}
