import type { LeaderboardRow } from '../api/leaderboard';

/** The leaderboard: rank, first name, points; the family's own children marked. */
export function LeaderboardTable({ rows }: { rows: LeaderboardRow[] }) {
  return (
    <table className="w-full max-w-xl border-collapse overflow-hidden rounded-2xl bg-white text-left shadow-sm">
      <caption className="sr-only">Leaderboard: first names and points</caption>
      <thead>
        <tr className="border-b border-brand-100 text-sm text-ink-muted">
          <th scope="col" className="px-4 py-3">
            Rank
          </th>
          <th scope="col" className="px-4 py-3">
            Name
          </th>
          <th scope="col" className="px-4 py-3 text-right">
            Points
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr
            key={`${row.rank}-${row.firstName}-${index}`}
            className={row.isMine ? 'bg-brand-50 font-semibold' : ''}
          >
            <td className="px-4 py-3">{row.rank}</td>
            <td className="px-4 py-3">
              {row.firstName}
              {row.isMine ? <span className="ml-2 text-sm text-brand-800">(your family)</span> : null}
            </td>
            <td className="px-4 py-3 text-right">{row.totalPoints}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
