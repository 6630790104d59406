/** The parts of a PostgREST error a booking looks at. */
interface DbError {
  code?: string;
  message?: string;
  details?: string | null;
}

/**
 * A plain message for a refused booking. The database decides (exclusion constraints, policies,
 * the series check); this only words its answer for the person booking.
 */
export function bookingErrorMessage(error: unknown): string {
  const e = (error ?? {}) as DbError;
  const text = `${e.message ?? ''} ${e.details ?? ''}`;
  if (e.code === '23P01') {
    if (text.includes('coach_no_overlap'))
      return 'The coach already has a session at that time. Choose another time.';
    if (text.includes('child_no_overlap'))
      return 'The child already has a session at that time. Choose another time.';
    if (e.message) return e.message;
  }
  if (e.code === '42501') return 'You are not allowed to change this session.';
  if (e.code === '22023' && e.message) return e.message;
  return 'The session could not be saved. Please try again.';
}
