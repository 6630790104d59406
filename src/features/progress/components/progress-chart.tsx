import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Table, TD, TR, RowHeader } from '@/components/ui/table';
import { plotPoints, skillTrends, type CheckInPoint, type SkillTrend } from '../lib/trend';

/** The chart's size in CSS pixels: its width is the width it is drawn at (280 until measured). */
const FRAME = { width: 280, height: 132, padding: { top: 18, right: 18, bottom: 18, left: 34 } };
const GRID = [0, 50, 100];
/** The labels' size in CSS pixels, at every width: the drawing is never scaled. */
export const CHART_LABEL_PX = 12;

/**
 * A child's four skills across the check-ins: in words first ("Focus: 38 → 56 since October"),
 * then one small chart per skill (each check-in a point, first to latest left to right, 0 to 100
 * up the side, the first and latest scores written on the chart), and the same numbers in a table
 * below them, the newest check-in first (its column in view when the table must scroll). The charts
 * are pictures of the words and the table, so screen readers get the words and the table and skip
 * the drawings.
 */
export function ProgressChart({
  checkIns,
  childName,
  timeZone,
  idPrefix,
}: {
  checkIns: readonly CheckInPoint[];
  childName: string;
  timeZone?: string;
  /** makes the ids unique when several children's charts share a page */
  idPrefix: string;
}) {
  const trends = skillTrends(checkIns, timeZone);
  if (trends.length === 0) {
    return <p className="text-ink-muted">No check-in yet: {childName}&apos;s first one starts the chart.</p>;
  }
  const newestFirst = trends[0]!.points.map((p) => p.takenAt).reverse();
  return (
    <div className="grid gap-4">
      <ul className="grid gap-1" aria-label={`${childName}'s skills since the first check-in`}>
        {trends.map((trend) => (
          <li key={trend.key} className="text-ink">
            {trend.words}
          </li>
        ))}
      </ul>
      {/* One above the other: side by side, in a child's card, each had half of it, the charts'
          labels shrank with them and the table hid its newest check-ins. */}
      <div className="grid gap-4">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-hidden="true">
          {trends.map((trend) => (
            <SkillChart key={trend.key} trend={trend} />
          ))}
        </div>
        <Table
          caption={`${childName}'s check-in scores (0 to 100), newest check-in first`}
          scrollLabel={`${childName}'s check-in scores`}
          columns={['Skill', ...newestFirst.map((takenAt) => shortDate(takenAt, timeZone))]}
        >
          {trends.map((trend) => (
            <TR key={`${idPrefix}-${trend.key}`}>
              <RowHeader>{trend.name}</RowHeader>
              {[...trend.points].reverse().map((point) => (
                <TD key={point.takenAt}>{point.score}</TD>
              ))}
            </TR>
          ))}
        </Table>
      </div>
    </div>
  );
}

/** "Oct 3", or "Oct 3, 2025" for a check-in of another year than this one. */
function shortDate(at: number, timeZone?: string): string {
  const year = (t: number) => new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }).format(t);
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    ...(year(at) === year(Date.now()) ? {} : { year: 'numeric' }),
    timeZone,
  }).format(at);
}

/** The element's width in CSS pixels, kept up as it changes; `fallback` until it can be measured. */
function useDrawnWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    };
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * One skill's line: the points of each check-in, the first and latest labelled with their score.
 * Drawn in CSS pixels at the width it has (no viewBox to scale it), so its labels are
 * CHART_LABEL_PX high in a narrow column as in a wide one.
 */
function SkillChart({ trend }: { trend: SkillTrend }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useDrawnWidth(box, FRAME.width);
  const { padding, height } = FRAME;
  const points = plotPoints(
    trend.points.map((p) => p.score),
    { ...FRAME, width },
  );
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const last = points.length - 1;
  return (
    <figure className="rounded-2xl border border-brand-100 bg-white p-3" data-testid={`chart-${trend.key}`}>
      <figcaption className="text-sm font-semibold text-ink">
        {trend.name}{' '}
        <span className="font-normal text-ink-muted">
          {points.length > 1 ? `${trend.first} → ${trend.latest}` : `${trend.first}`}
        </span>
      </figcaption>
      <div ref={box} className="mt-1">
        <svg width={width} height={height} className="block max-w-full" focusable="false">
          {GRID.map((value) => {
            const y = padding.top + (height - padding.top - padding.bottom) * (1 - value / 100);
            return (
              <g key={value}>
                <line
                  x1={padding.left}
                  x2={width - padding.right}
                  y1={y}
                  y2={y}
                  stroke="#d8f3e6"
                  strokeWidth={1}
                />
                <text
                  x={padding.left - 6}
                  y={y + 4}
                  textAnchor="end"
                  fontSize={CHART_LABEL_PX}
                  fill="#4a5468"
                >
                  {value}
                </text>
              </g>
            );
          })}
          {points.length > 1 ? <path d={path} fill="none" stroke="#1b664a" strokeWidth={2.5} /> : null}
          {points.map((p, i) => (
            <circle
              key={i}
              data-point={trend.points[i]!.score}
              cx={p.x}
              cy={p.y}
              r={i === last ? 5 : 3.5}
              fill={i === last ? '#1b664a' : '#ffffff'}
              stroke="#1b664a"
              strokeWidth={2}
            />
          ))}
          {[0, last]
            .filter((i, n, all) => all.indexOf(i) === n)
            .map((i) => (
              <text
                key={`label-${i}`}
                x={points[i]!.x}
                y={points[i]!.y - 9 < 10 ? points[i]!.y + 18 : points[i]!.y - 9}
                textAnchor={points.length === 1 ? 'middle' : i === 0 ? 'start' : 'end'}
                fontSize={CHART_LABEL_PX}
                fontWeight={700}
                fill="#1d2433"
              >
                {trend.points[i]!.score}
              </text>
            ))}
        </svg>
      </div>
    </figure>
  );
}
