import { Table, TD, TR } from '@/components/ui/table';
import type { LeaderboardRow } from '../api/leaderboard';

/** The leaderboard: rank, first name, points; the family's own children marked. */
export function LeaderboardTable({ rows }: { rows: LeaderboardRow[] }) {
  return (
    <Table
      className="max-w-xl"
      caption="Leaderboard: first names and points"
      columns={['Rank', 'Name', { label: 'Points', className: 'text-right' }]}
    >
      {rows.map((row, index) => (
        <TR
          key={`${row.rank}-${row.firstName}-${index}`}
          className={row.isMine ? 'bg-brand-50 font-semibold' : ''}
        >
          <TD>{row.rank}</TD>
          <TD>
            {row.firstName}
            {row.isMine ? <span className="ml-2 text-sm text-brand-800">(your family)</span> : null}
          </TD>
          <TD className="text-right">{row.totalPoints}</TD>
        </TR>
      ))}
    </Table>
  );
}
