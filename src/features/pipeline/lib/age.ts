/** The child's age from the lead's free-text age ('9', '9 years', '7-9'), when it is a plausible one. */
export function ageFromText(value: string | null | undefined): number | null {
  const match = /^\s*(\d{1,2})\b/.exec(value ?? '');
  if (!match) return null;
  const age = Number(match[1]);
  return age >= 3 && age <= 18 ? age : null;
}
