/**
 * When something reached the team, as the team reads it: in the team's own time zone, with the
 * zone named ("Thu, Nov 26, 2026, 7:34 AM EST"). Plain TypeScript on Intl, so the site's email
 * previews render it too.
 */

/** The team's zone when TEAM_TIME_ZONE is not set. */
export const DEFAULT_TEAM_TIME_ZONE = 'America/New_York';

/** A valid IANA zone, or the default (a mistyped secret must not stop the team's emails). */
export function teamTimeZone(value: string | undefined | null): string {
  const zone = value?.trim();
  if (!zone) return DEFAULT_TEAM_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TEAM_TIME_ZONE;
  }
}

/** "Thu, Nov 26, 2026, 7:34 AM EST" in `timeZone`; where the zone has no abbreviation, "GMT+1". */
export function formatTeamTime(at: Date, timeZone: string = DEFAULT_TEAM_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: teamTimeZone(timeZone),
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}
