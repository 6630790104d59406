/**
 * The team's settings as the mailing functions use them: where the team's notifications go and the
 * reply time the emails promise. They live in `public.app_settings` (changed in /admin/settings);
 * the TEAM_EMAIL secret is only the fallback for a project whose settings row is missing.
 */
export interface TeamSettings {
  teamEmail: string;
  replyWithinHours: number;
}

/** Reads the current settings; called for each mailing, so a change applies to the next email. */
export type TeamSettingsReader = () => Promise<TeamSettings>;

/** The reply promise of a project without a settings row (the site's copy says 24 hours). */
export const DEFAULT_REPLY_WITHIN_HOURS = 24;

/** A row of public.team_settings(). */
export interface TeamSettingsRow {
  team_notification_email: string | null;
  reply_within_hours: number | null;
}

/**
 * The settings row when there is one, else TEAM_EMAIL with the default promise; with neither the
 * function fails (500) rather than dropping the team's notification silently.
 */
export function teamSettingsFrom(
  row: TeamSettingsRow | null,
  fallbackEmail: string | undefined,
): TeamSettings {
  const replyWithinHours = row?.reply_within_hours ?? DEFAULT_REPLY_WITHIN_HOURS;
  const teamEmail = row?.team_notification_email?.trim() || fallbackEmail?.trim();
  if (!teamEmail) throw new Error('No team address: app_settings has no row and TEAM_EMAIL is not set');
  return { teamEmail, replyWithinHours };
}

/** Fixed settings (tests, and callers that already know them). */
export function fixedTeamSettings(settings: TeamSettings): TeamSettingsReader {
  return () => Promise.resolve(settings);
}

/** "24 hours", "1 hour": how the emails word the reply promise. */
export function replyTime(hours: number): string {
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
