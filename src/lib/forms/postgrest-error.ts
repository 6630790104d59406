/** The parts of a PostgREST error the forms look at. */
export interface DbError {
  code?: string;
  message?: string;
  details?: string | null;
}

export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as DbError | null;
  if (!e || e.code !== UNIQUE_VIOLATION) return false;
  if (!constraint) return true;
  return `${e.message ?? ''} ${e.details ?? ''}`.includes(constraint);
}
