/** SPEC §9: stats shown beside the testimonials. */
export interface Stat {
  value: string;
  label: string;
}

export const stats: readonly Stat[] = [
  { value: '92%', label: 'report calmer home' },
  { value: '87%', label: 'improved focus' },
  { value: '100%', label: 'coach trust' },
];

export const statsFootnote = 'From surveys of our pilot families after eight weeks of coaching.';
