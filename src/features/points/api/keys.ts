/** Query keys of the points feature; a change refetches what hangs under `all`. */
export const pointsKeys = {
  all: ['points'] as const,
  family: () => [...pointsKeys.all, 'family'] as const,
  leaderboard: () => [...pointsKeys.all, 'leaderboard'] as const,
};
