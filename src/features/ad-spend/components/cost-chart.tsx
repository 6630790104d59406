import { useId } from 'react';
import type { CockpitWeek } from '../api/get-cockpit';
import { costSeries } from '../lib/cost-series';
import { formatMoney } from '../lib/money';

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 12, right: 16, bottom: 28, left: 64 };
/** Distinct on white at 3:1 or more, in the report's palette. */
const COLOURS = ['#1f6f4a', '#b45309', '#1d4ed8', '#9d174d', '#6d28d9', '#0f766e'];
const MAX_LINES = COLOURS.length;
const weekLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const label = (week: string) => weekLabel.format(new Date(`${week}T00:00:00Z`));

/**
 * Cost per enrolled family per campaign, week by week (running totals), as lines in the report's
 * chart style; the same numbers are in a table beside it for screen readers and anyone who prefers them.
 */
export function CostChart({ weeks: rows, currency }: { weeks: CockpitWeek[]; currency: string }) {
  const titleId = useId();
  const { weeks, series } = costSeries(rows);
  if (weeks.length === 0 || series.every((s) => s.points.every((p) => p === null))) {
    return <p>No campaign has both spend and an enrolled family in this range yet.</p>;
  }
  const drawn = series.slice(0, MAX_LINES);
  const max = Math.max(1, ...drawn.flatMap((s) => s.points.map((p) => p ?? 0)));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = innerW / Math.max(1, weeks.length);
  const x = (i: number) => PAD.left + i * step + step / 2;
  const y = (value: number) => PAD.top + innerH - (value / max) * innerH;
  const labelEvery = Math.ceil(weeks.length / 8);
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <figure>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={titleId}
          className="h-auto w-full rounded-2xl border border-brand-100 bg-white"
        >
          <title id={titleId}>
            Cost per enrolled family per campaign, week by week (the table beside has the numbers)
          </title>
          {[0, 0.5, 1].map((f) => (
            <g key={f}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max * f)} y2={y(max * f)} stroke="#e5e1d8" />
              <text x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end" fontSize="11" fill="#5b6660">
                {formatMoney(Math.round((max * f) / 100) * 100, currency).replace(/\.00$/, '')}
              </text>
            </g>
          ))}
          {drawn.map((s, n) => {
            const path = s.points
              .map((p, i) => (p === null ? null : `${x(i).toFixed(1)},${y(p).toFixed(1)}`))
              .filter((p): p is string => p !== null)
              .map((p, i) => `${i === 0 ? 'M' : 'L'}${p}`)
              .join(' ');
            return (
              <g key={s.campaign}>
                <path d={path} fill="none" stroke={COLOURS[n]} strokeWidth="2.5" />
                {s.points.map((p, i) =>
                  p === null ? null : <circle key={i} cx={x(i)} cy={y(p)} r="3" fill={COLOURS[n]} />,
                )}
              </g>
            );
          })}
          {weeks.map((week, i) =>
            i % labelEvery === 0 ? (
              <text key={week} x={x(i)} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="#5b6660">
                {label(week)}
              </text>
            ) : null,
          )}
        </svg>
        <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
          {drawn.map((s, n) => (
            <span key={s.campaign} className="[overflow-wrap:anywhere]">
              <span
                aria-hidden="true"
                className="mr-1 inline-block h-1 w-4 align-middle"
                style={{ backgroundColor: COLOURS[n] }}
              />
              {s.campaign}
            </span>
          ))}
        </figcaption>
      </figure>
      <div
        role="region"
        aria-label="Cost per enrolled family per campaign and week"
        tabIndex={0}
        className="max-w-full overflow-x-auto rounded-2xl border border-brand-100 bg-white"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">
            Cost per enrolled family per campaign, week by week: spend so far divided by families enrolled so
            far
          </caption>
          <thead className="bg-brand-50">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">
                Week of
              </th>
              {series.map((s) => (
                <th key={s.campaign} scope="col" className="px-3 py-2 text-right [overflow-wrap:anywhere]">
                  {s.campaign}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, i) => (
              <tr key={week} className="border-t border-brand-100">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {label(week)}
                </th>
                {series.map((s) => (
                  <td key={s.campaign} className="px-3 py-2 text-right tabular-nums">
                    {formatMoney(s.points[i] ?? null, currency)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
