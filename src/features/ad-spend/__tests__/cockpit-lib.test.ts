import { describe, expect, it } from 'vitest';
import type { CockpitRow } from '../api/get-cockpit';
import { cockpitCsv } from '../lib/cockpit-csv';
import { costSeries } from '../lib/cost-series';
import { amountToMinor, formatMoney, formatReturn } from '../lib/money';

const row = (over: Partial<CockpitRow>): CockpitRow => ({
  dimension: 'campaign',
  key: 'spring_calm_homes',
  visitors: 400,
  leads: 20,
  introCallsBooked: 8,
  enrolled: 2,
  spendMinor: 100_000,
  firstMonthRevenueMinor: 39_800,
  revenueToDateMinor: 119_400,
  currency: 'USD',
  costPerLeadMinor: 5_000,
  costPerCallMinor: 12_500,
  costPerEnrolledMinor: 50_000,
  returnOnSpend: 1.194,
  ...over,
});

describe('money', () => {
  it('shows minor units as dollars and cents, and a missing figure as a dash', () => {
    expect(formatMoney(165_924, 'USD')).toBe('$1,659.24');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(null, 'USD')).toBe('—');
    expect(formatReturn(1.194)).toBe('1.2×');
    expect(formatReturn(null)).toBe('—');
  });

  it('reads a typed amount exactly, or refuses it', () => {
    expect(amountToMinor('125', 'USD')).toBe(12_500);
    expect(amountToMinor('125.5', 'USD')).toBe(12_550);
    expect(amountToMinor('1,234.56', 'USD')).toBe(123_456);
    expect(amountToMinor('0.1', 'USD')).toBe(10);
    expect(amountToMinor('12.345', 'USD')).toBeNull();
    expect(amountToMinor('-5', 'USD')).toBeNull();
    expect(amountToMinor('abc', 'USD')).toBeNull();
    expect(amountToMinor('', 'USD')).toBeNull();
  });
});

describe('the cockpit CSV', () => {
  it('holds the rows as the screen shows them, campaigns and variants, money in dollars', () => {
    const csv = cockpitCsv([
      row({}),
      row({ dimension: 'variant', key: '/landing/calm', costPerEnrolledMinor: null, returnOnSpend: null }),
      row({ key: null }),
    ]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Per,Campaign or variant,Currency,Spend,Visitors,Leads,Intro calls booked,Enrolled families,Cost per lead,Cost per booked call,Cost per enrolled family,First-month revenue,Revenue to date,Return on spend',
    );
    expect(lines[1]).toBe(
      'campaign,spring_calm_homes,USD,1000.00,400,20,8,2,50.00,125.00,500.00,398.00,1194.00,1.19',
    );
    expect(lines[2]).toBe('variant,/landing/calm,USD,1000.00,400,20,8,2,50.00,125.00,,398.00,1194.00,');
    expect(lines[3]?.startsWith('campaign,(none),')).toBe(true);
  });

  it('leaves the costs empty where no spend was entered (organic traffic), never $0', () => {
    const line = cockpitCsv([
      row({ key: 'organic', spendMinor: 0, costPerLeadMinor: 0, returnOnSpend: null }),
    ])
      .trimEnd()
      .split('\r\n')[1];
    expect(line).toBe('campaign,organic,USD,0.00,400,20,8,2,,,,398.00,1194.00,');
  });
});

describe('cost per enrolled family over time', () => {
  it('runs the totals week by week, and has no figure before a campaign’s first enrolment', () => {
    const { weeks, series } = costSeries([
      { weekStart: '2026-11-02', campaign: 'focus_search', spendMinor: 20_000, enrolled: 0 },
      { weekStart: '2026-11-09', campaign: 'focus_search', spendMinor: 20_000, enrolled: 1 },
      { weekStart: '2026-11-16', campaign: 'focus_search', spendMinor: 20_000, enrolled: 2 },
      { weekStart: '2026-11-02', campaign: 'spring_calm_homes', spendMinor: 90_000, enrolled: 1 },
    ]);
    expect(weeks).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
    // the most spent first
    expect(series.map((s) => s.campaign)).toEqual(['spring_calm_homes', 'focus_search']);
    expect(series[0]!.points).toEqual([90_000, 90_000, 90_000]);
    expect(series[1]!.points).toEqual([null, 40_000, 20_000]);
    expect(series[1]).toMatchObject({ spendMinor: 60_000, enrolled: 3 });
  });
});
