import { useId } from 'react';
import type { DayRow } from '../api/get-landing-report';

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 40 };
const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const asDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
};

/**
 * Visitors (bars) and conversions (line) per day as an inline SVG, with the same numbers in a
 * table for screen readers and anyone who prefers them.
 */
export function DailyChart({ days }: { days: DayRow[] }) {
  const titleId = useId();
  const max = Math.max(1, ...days.map((d) => Math.max(d.visitors, d.conversions)));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = innerW / Math.max(1, days.length);
  const y = (value: number) => PAD.top + innerH - (value / max) * innerH;
  const x = (i: number) => PAD.left + i * step + step / 2;
  const line = days
    .map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d.conversions).toFixed(1)}`)
    .join(' ');
  const labelEvery = Math.ceil(days.length / 8);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        className="h-auto w-full rounded-2xl border border-brand-100 bg-white"
      >
        <title id={titleId}>Visitors and conversions per day (the table below has the numbers)</title>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max * f)} y2={y(max * f)} stroke="#e5e1d8" />
            <text x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end" fontSize="11" fill="#5b6660">
              {Math.round(max * f)}
            </text>
          </g>
        ))}
        {days.map((d, i) => (
          <rect
            key={d.day}
            x={x(i) - step * 0.35}
            width={step * 0.7}
            y={y(d.visitors)}
            height={PAD.top + innerH - y(d.visitors)}
            fill="#9cc5ae"
          />
        ))}
        <path d={line} fill="none" stroke="#b45309" strokeWidth="2.5" />
        {days.map((d, i) => (
          <circle key={d.day} cx={x(i)} cy={y(d.conversions)} r="3" fill="#b45309" />
        ))}
        {days.map((d, i) =>
          i % labelEvery === 0 ? (
            <text key={d.day} x={x(i)} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="#5b6660">
              {dayLabel.format(asDate(d.day))}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="mt-2 flex gap-4 text-sm text-ink-muted">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-3 w-3 bg-[#9cc5ae]" />
          Visitors
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-1 w-4 bg-[#b45309] align-middle" />
          Conversions
        </span>
      </figcaption>
      <details className="mt-2">
        <summary className="cursor-pointer font-semibold text-brand-800">
          Show the daily numbers as a table
        </summary>
        <table className="mt-2 text-sm">
          <caption className="sr-only">Visitors and conversions per day</caption>
          <thead>
            <tr>
              <th scope="col" className="px-3 py-1 text-left">
                Day
              </th>
              <th scope="col" className="px-3 py-1 text-right">
                Visitors
              </th>
              <th scope="col" className="px-3 py-1 text-right">
                Conversions
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row" className="px-3 py-1 text-left font-normal">
                  {dayLabel.format(asDate(d.day))}
                </th>
                <td className="px-3 py-1 text-right">{d.visitors}</td>
                <td className="px-3 py-1 text-right">{d.conversions}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
