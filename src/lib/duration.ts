/**
 * A span given in hours, as people say it: "under 1 minute", "12 minutes", "3.4 hours", "2.1 days".
 * Whole numbers drop their ".0" ("1 hour"); past two days it counts days. `none` stands for no
 * span at all (nothing to measure yet).
 */
export function formatDuration(hours: number | null, none = '—'): string {
  if (hours === null || !Number.isFinite(hours)) return none;
  const minutes = Math.round(Math.max(0, hours) * 60);
  if (minutes < 1) return 'under 1 minute';
  if (minutes < 60) return count(minutes, 'minute');
  if (hours < 48) return count(oneDecimal(hours), 'hour');
  return count(oneDecimal(hours / 24), 'day');
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

function count(value: number, unit: string): string {
  const text = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${text} ${unit}${value === 1 ? '' : 's'}`;
}
