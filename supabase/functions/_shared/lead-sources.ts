/**
 * Where a lead came from (leads.source, waitlist.source) and the one name the team reads for each,
 * in the admin's leads list and filters and in the team's emails alike. Plain TypeScript (no Deno or
 * npm: imports) so the site imports it too (src/content/lead-sources.ts); the database's check
 * constraint on leads.source holds the same values (tests/database/lead-sources.test.ts).
 */
export const LEAD_SOURCE_LABELS = {
  'fit-call': 'Intro call request',
  'contact-v2': 'Contact form (v2)',
  waitlist: 'Waitlist',
  contact: 'Contact page',
  quiz: 'Quiz',
} as const;

export type LeadSource = keyof typeof LEAD_SOURCE_LABELS;

export const LEAD_SOURCES = Object.keys(LEAD_SOURCE_LABELS) as [LeadSource, ...LeadSource[]];

/** A source as the team reads it; an unknown value is shown as stored. */
export function leadSourceLabel(source: string | null | undefined): string {
  if (!source) return '';
  return (LEAD_SOURCE_LABELS as Record<string, string>)[source] ?? source;
}
