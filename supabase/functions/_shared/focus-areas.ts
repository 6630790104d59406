/**
 * The focus areas a parent picks on the lead forms (the spec's challenge options), stored in
 * waitlist.challenge and children.focus_areas, with the labels the emails show. Plain TypeScript
 * (no Deno or npm: imports) so the site's email previews can render it too. The site's own list
 * (src/content/challenges.ts) and the database's check constraints hold the same values:
 * tests/database/focus-areas.test.ts ties the three together.
 */
export const FOCUS_AREA_LABELS = {
  emotions: 'Managing Emotions',
  confidence: 'Building Confidence',
  focus: 'Improving Focus',
  connection: 'Strengthening Connection',
  other: 'Other',
} as const;

export type FocusArea = keyof typeof FOCUS_AREA_LABELS;

export const FOCUS_AREAS = Object.keys(FOCUS_AREA_LABELS) as [FocusArea, ...FocusArea[]];
