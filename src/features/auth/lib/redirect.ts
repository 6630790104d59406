/** A same-site path to return to after signing in, or null (never another origin). */
export function safeReturnPath(from: unknown): string | null {
  if (typeof from !== 'string') return null;
  if (!from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  return from;
}
