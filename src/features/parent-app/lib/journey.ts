/**
 * Where a family stands on its way to the first session, in words (docs/decisions/222): the site's
 * four steps are request an intro call, get matched, begin sessions, see progress.
 */

/** "Zed", "Zed and Ada", "Zed, Ada and Lou". */
export function namesList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? 'your child';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The match step for the children without a coach, before and after the family chose a plan. */
export function matchingText(names: readonly string[], hasPlan: boolean): string {
  const who = namesList(names);
  return hasPlan
    ? `We're matching ${who} with a coach, usually within 2 days; we'll email you.`
    : `Once you choose a plan, we match ${who} with a coach, usually within 2 days, and email you.`;
}

/** What comes after the match. */
export function firstSessionText(names: readonly string[]): string {
  const who = namesList(names);
  return `Then you book ${who === 'your child' ? 'the' : `${who}'s`} first session at a time that suits you, shown in your time zone.`;
}
