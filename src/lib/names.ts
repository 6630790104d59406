/** A person's name from its parts, skipping the missing ones; null when there is none. */
export const joinName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ') || null;
