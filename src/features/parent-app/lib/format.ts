/** A session's time as the parent reads it, in `timeZone` (the family's): "Thursday, December 3, 4:30 PM". */
export function formatSessionTime(at: string | number | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(at));
}

export function formatDate(at: string | number | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone }).format(new Date(at));
}
