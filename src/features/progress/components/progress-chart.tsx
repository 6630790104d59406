import { Table, TD, TR, RowHeader } from '@/components/ui/table';
import { plotPoints, skillTrends, type CheckInPoint, type SkillTrend } from '../lib/trend';

const FRAME = { width: 280, height: 132, padding: { top: 18, right: 18, bottom: 18, left: 34 } };
const GRID = [0, 50, 100];

/**
 * A child's four skills across the check-ins: in words first ("Focus: 38 → 56 since October"),
 * then one small chart per skill (each check-in a point, first to latest left to right, 0 to 100
 * up the side, the first and latest scores written on the chart), and the same numbers in a table
 * beside them. The charts are pictures of the words and the table, so screen readers get the words
 * and the table and skip the drawings.
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
  const ordered = trends[0]!.points.map((p) => p.takenAt);
  return (
    <div className="grid gap-4">
      <ul className="grid gap-1" aria-label={`${childName}'s skills since the first check-in`}>
        {trends.map((trend) => (
          <li key={trend.key} className="text-ink">
            {trend.words}
          </li>
        ))}
      </ul>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-hidden="true">
          {trends.map((trend) => (
            <SkillChart key={trend.key} trend={trend} />
          ))}
        </div>
        <Table
          caption={`${childName}'s check-in scores (0 to 100), oldest check-in first`}
          scrollLabel={`${childName}'s check-in scores`}
          columns={['Skill', ...ordered.map((takenAt) => shortDate(takenAt, timeZone))]}
        >
          {trends.map((trend) => (
            <TR key={`${idPrefix}-${trend.key}`}>
              <RowHeader>{trend.name}</RowHeader>
              {trend.points.map((point) => (
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

/** One skill's line: the points of each check-in, the first and latest labelled with their score. */
function SkillChart({ trend }: { trend: SkillTrend }) {
  const points = plotPoints(
    trend.points.map((p) => p.score),
    FRAME,
  );
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const last = points.length - 1;
  const { padding, width, height } = FRAME;
  return (
    <figure className="rounded-2xl border border-brand-100 bg-white p-3" data-testid={`chart-${trend.key}`}>
      <figcaption className="text-sm font-semibold text-ink">
        {trend.name}{' '}
        <span className="font-normal text-ink-muted">
          {points.length > 1 ? `${trend.first} → ${trend.latest}` : `${trend.first}`}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} className="mt-1 h-auto w-full" focusable="false">
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
              <text x={padding.left - 6} y={y + 4} textAnchor="end" fontSize={11} fill="#4a5468">
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
              fontSize={12}
              fontWeight={700}
              fill="#1d2433"
            >
              {trend.points[i]!.score}
            </text>
          ))}
      </svg>
    </figure>
  );
}
