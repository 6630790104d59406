import type { CockpitWeek } from '../api/get-cockpit';

/** One campaign's running cost per enrolled family, week by week (null until its first enrolment). */
export interface CostSeries {
  campaign: string;
  /** per week of `weeks`: spend so far ÷ enrolled families so far, in minor units */
  points: (number | null)[];
  spendMinor: number;
  enrolled: number;
}

/**
 * Cost per enrolled family per campaign over time, as running totals: a week with spend and no
 * enrolment would otherwise read as no cost at all. Campaigns in order of their spend, the most first.
 */
export function costSeries(rows: readonly CockpitWeek[]): { weeks: string[]; series: CostSeries[] } {
  const weeks = [...new Set(rows.map((r) => r.weekStart))].sort();
  const campaigns = [...new Set(rows.map((r) => r.campaign))];
  const series = campaigns.map((campaign) => {
    let spend = 0;
    let enrolled = 0;
    const points = weeks.map((week) => {
      for (const row of rows) {
        if (row.campaign === campaign && row.weekStart === week) {
          spend += row.spendMinor;
          enrolled += row.enrolled;
        }
      }
      return enrolled > 0 ? Math.round(spend / enrolled) : null;
    });
    return { campaign, points, spendMinor: spend, enrolled };
  });
  series.sort((a, b) => b.spendMinor - a.spendMinor || a.campaign.localeCompare(b.campaign));
  return { weeks, series };
}
