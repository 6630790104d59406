import type { Reads } from '../../../lib/rest';

export interface VariantConversion {
  path: string;
  visitors: number;
  leads: number;
  /** leads / visitors, or null without visitors */
  rate: number | null;
  /** leads sent from the variant in the window that booked an intro call (landing_funnel) */
  callsBooked: number;
  /** median hours from such a lead to its booking; null without one */
  medianHoursToCall: number | null;
}

export interface Overview {
  /** Leads received since the start of yesterday, whatever their status now. */
  leadsSinceYesterday: number;
  /** Of those, the ones still unanswered past the reply promise. */
  overdueSinceYesterday: number;
  /** Leads received since Monday, whatever their status now. */
  leadsThisWeek: number;
  overdueThisWeek: number;
  /** Leads nobody has replied to yet (status new), of any age. */
  waitingTotal: number;
  /** Of those, the ones past the reply promise. */
  overdueTotal: number;
  sessionsToday: number;
  sessionsThisWeek: number;
  /** Families with a child record (admins only; null for coaches). */
  familiesEnrolled: number | null;
  /** The last 7 days per landing variant, every variant listed (admins only; empty for coaches). */
  conversions: VariantConversion[];
}

/** Where the browser's day and week (Monday) start. */
export function overviewWindow(now: Date = new Date()) {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const week = new Date(day);
  week.setDate(day.getDate() - ((day.getDay() + 6) % 7));
  return { day, week };
}

/** A row of rpc('landing_variant_conversions'): one per landing variant, numbers as bigint. */
interface VariantConversionRow {
  path: string;
  visitors: number | null;
  leads: number | null;
}

/** A row of rpc('landing_funnel', { per_campaign: false }): one per variant (and one without). */
interface VariantFunnelRow {
  path: string | null;
  calls_booked: number | null;
  median_hours_to_call: number | null;
}

export function variantConversions(
  rows: VariantConversionRow[],
  funnel: VariantFunnelRow[] = [],
): VariantConversion[] {
  return rows.map((row) => {
    const visitors = Number(row.visitors ?? 0);
    const leads = Number(row.leads ?? 0);
    const calls = funnel.find((f) => f.path === row.path);
    return {
      path: row.path,
      visitors,
      leads,
      rate: visitors > 0 ? leads / visitors : null,
      callsBooked: Number(calls?.calls_booked ?? 0),
      medianHoursToCall:
        calls?.median_hours_to_call === null || calls?.median_hours_to_call === undefined
          ? null
          : Number(calls.median_hours_to_call),
    };
  });
}

export async function fetchOverview(
  client: Reads,
  options: { isAdmin: boolean; now?: Date },
): Promise<Overview> {
  const now = options.now ?? new Date();
  const { day, week } = overviewWindow(now);
  const lastWeek = {
    since: new Date(now.getTime() - 7 * 86_400_000).toISOString(),
    until: now.toISOString(),
  };
  const [figures, report, funnel] = await Promise.all([
    client.rpc('admin_overview', { day_start: day.toISOString(), week_start: week.toISOString() }).single(),
    options.isAdmin
      ? client.rpc('landing_variant_conversions', lastWeek)
      : Promise.resolve({ data: [], error: null }),
    options.isAdmin
      ? client.rpc('landing_funnel', { ...lastWeek, per_campaign: false })
      : Promise.resolve({ data: [], error: null }),
  ]);
  if (figures.error) throw figures.error;
  if (report.error) throw report.error;
  if (funnel.error) throw funnel.error;
  const f = figures.data;
  return {
    leadsSinceYesterday: Number(f.leads_since_yesterday ?? 0),
    overdueSinceYesterday: Number(f.overdue_since_yesterday ?? 0),
    leadsThisWeek: Number(f.leads_this_week ?? 0),
    overdueThisWeek: Number(f.overdue_this_week ?? 0),
    waitingTotal: Number(f.waiting_total ?? 0),
    overdueTotal: Number(f.overdue_total ?? 0),
    sessionsToday: Number(f.sessions_today ?? 0),
    sessionsThisWeek: Number(f.sessions_this_week ?? 0),
    familiesEnrolled: f.families_enrolled === null ? null : Number(f.families_enrolled),
    conversions: options.isAdmin ? variantConversions(report.data ?? [], funnel.data ?? []) : [],
  };
}
