import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getRest } from '@/lib/rest';

/** A range of whole local days, yyyy-mm-dd, both included. */
export interface ReportRange {
  from: string;
  to: string;
}

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The last `count` local days, today included. */
export function lastDays(count: number, today = new Date()): ReportRange {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (count - 1));
  return { from: isoDay(start), to: isoDay(today) };
}

/** The range the report opens on (its screen, and a link's prefetch, ask for the same one). */
export const defaultReportRange = (today = new Date()) => lastDays(30, today);

export interface VariantRow {
  path: string | null;
  campaign: string | null;
  visitors: number;
  pageViews: number;
  medianSeconds: number | null;
  quiz: number;
  fitCalls: number;
  waitlist: number;
  newsletter: number;
  contact: number;
  conversions: number;
  conversionRate: number | null;
}

export interface DayRow {
  day: string;
  visitors: number;
  conversions: number;
}

/** visitor → lead → intro call booked → enrolled, per variant and campaign (leads of the range). */
export interface FunnelRow {
  path: string | null;
  campaign: string | null;
  visitors: number;
  leads: number;
  callsBooked: number;
  enrolled: number;
  /** median hours from a lead to the booking of its intro call; null without a booked call */
  medianHoursToCall: number | null;
}

export interface LandingReport {
  variants: VariantRow[];
  days: DayRow[];
  funnel: FunnelRow[];
}

/** The range as instants: from the start of `from` to the start of the day after `to`, locally. */
export function rangeInstants({ from, to }: ReportRange): { since: string; until: string } {
  const start = (day: string, add = 0) => {
    const [y, m, d] = day.split('-').map(Number);
    return new Date(y, m - 1, d + add).toISOString();
  };
  return { since: start(from), until: start(to, 1) };
}

const num = (value: unknown) => Number(value ?? 0);

export async function getLandingReport(range: ReportRange): Promise<LandingReport> {
  const supabase = getRest();
  const { since, until } = rangeInstants(range);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const [variants, days, funnel] = await Promise.all([
    supabase.rpc('landing_report', { since, until }),
    supabase.rpc('landing_report_daily', { since, until, time_zone: timeZone }),
    supabase.rpc('landing_funnel', { since, until }),
  ]);
  if (variants.error) throw variants.error;
  if (days.error) throw days.error;
  if (funnel.error) throw funnel.error;
  return {
    variants: variants.data.map((row) => ({
      path: row.path,
      campaign: row.utm_campaign,
      visitors: num(row.visitors),
      pageViews: num(row.page_views),
      medianSeconds: row.median_seconds === null ? null : Number(row.median_seconds),
      quiz: num(row.quiz_completed),
      fitCalls: num(row.fit_calls),
      waitlist: num(row.waitlist_joins),
      newsletter: num(row.newsletter_signups),
      contact: num(row.contact_requests),
      conversions: num(row.conversions),
      conversionRate: row.conversion_rate === null ? null : Number(row.conversion_rate),
    })),
    days: days.data.map((row) => ({
      day: row.day,
      visitors: num(row.visitors),
      conversions: num(row.conversions),
    })),
    funnel: funnel.data.map((row) => ({
      path: row.path,
      campaign: row.utm_campaign,
      visitors: num(row.visitors),
      leads: num(row.leads),
      callsBooked: num(row.calls_booked),
      enrolled: num(row.enrolled),
      medianHoursToCall: row.median_hours_to_call === null ? null : Number(row.median_hours_to_call),
    })),
  };
}

export const landingReportQueryOptions = (range: ReportRange) =>
  queryOptions({
    queryKey: ['landing-report', range],
    queryFn: () => getLandingReport(range),
    placeholderData: keepPreviousData,
  });

export function useLandingReport(range: ReportRange) {
  return useQuery(landingReportQueryOptions(range));
}
