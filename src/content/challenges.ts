/** The focus areas a parent can pick on the lead forms, stored in waitlist.challenge. */
export const challengeOptions = [
  { value: 'emotions', label: 'Managing Emotions' },
  { value: 'confidence', label: 'Building Confidence' },
  { value: 'focus', label: 'Improving Focus' },
  { value: 'connection', label: 'Strengthening Connection' },
  { value: 'other', label: 'Other' },
] as const;

export type Challenge = (typeof challengeOptions)[number]['value'];

export const challengeValues = challengeOptions.map((option) => option.value) as [Challenge, ...Challenge[]];

export function challengeLabel(value: string | null | undefined): string {
  return challengeOptions.find((option) => option.value === value)?.label ?? '';
}
