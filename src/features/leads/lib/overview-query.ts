import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../types/database';

export interface VariantConversion {
  path: string;
  visitors: number;
  leads: number;
  /** leads / visitors, or null without visitors */
  rate: number | null;
}

export interface Overview {
  leadsSinceYesterday: number;
  overdueSinceYesterday: number;
  leadsThisWeek: number;
  overdueThisWeek: number;
  overdueTotal: number;
  sessionsToday: number;
  sessionsThisWeek: number;
  /** Families with a child record (admins only; null for coaches). */
  familiesEnrolled: number | null;
  /** The last 7 days per landing variant (admins only; empty for coaches). */
  conversions: VariantConversion[];
}

/** Where the browser's day and week (Monday) start. */
export function overviewWindow(now: Date = new Date()) {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const week = new Date(day);
  week.setDate(day.getDate() - ((day.getDay() + 6) % 7));
  return { day, week };
}

/** The report's rows summed per landing page (all campaigns together). */
export function conversionsByVariant(
  rows: { path: string | null; visitors: number | null; leads: number | null }[],
): VariantConversion[] {
  const byPath = new Map<string, { visitors: number; leads: number }>();
  for (const row of rows) {
    const path = row.path ?? '/';
    const sum = byPath.get(path) ?? { visitors: 0, leads: 0 };
    sum.visitors += Number(row.visitors ?? 0);
    sum.leads += Number(row.leads ?? 0);
    byPath.set(path, sum);
  }
  return [...byPath.entries()]
    .map(([path, s]) => ({ path, ...s, rate: s.visitors > 0 ? s.leads / s.visitors : null }))
    .sort((a, b) => b.leads - a.leads || a.path.localeCompare(b.path));
}

export async function fetchOverview(
  client: SupabaseClient<Database>,
  options: { isAdmin: boolean; now?: Date },
): Promise<Overview> {
  const now = options.now ?? new Date();
  const { day, week } = overviewWindow(now);
  const [figures, report] = await Promise.all([
    client.rpc('admin_overview', { day_start: day.toISOString(), week_start: week.toISOString() }).single(),
    options.isAdmin
      ? client.rpc('landing_variant_report', {
          since: new Date(now.getTime() - 7 * 86_400_000).toISOString(),
          until: now.toISOString(),
        })
      : Promise.resolve({ data: [], error: null }),
  ]);
  if (figures.error) throw figures.error;
  if (report.error) throw report.error;
  const f = figures.data;
  return {
    leadsSinceYesterday: Number(f.leads_since_yesterday ?? 0),
    overdueSinceYesterday: Number(f.overdue_since_yesterday ?? 0),
    leadsThisWeek: Number(f.leads_this_week ?? 0),
    overdueThisWeek: Number(f.overdue_this_week ?? 0),
    overdueTotal: Number(f.overdue_total ?? 0),
    sessionsToday: Number(f.sessions_today ?? 0),
    sessionsThisWeek: Number(f.sessions_this_week ?? 0),
    familiesEnrolled: f.families_enrolled === null ? null : Number(f.families_enrolled),
    conversions: options.isAdmin ? conversionsByVariant(report.data ?? []) : [],
  };
}
