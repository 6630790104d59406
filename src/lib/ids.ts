/** A uuid as Postgres writes it (any version): the ids of families, children, sessions … */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id from an address can name a row at all. A screen answers "no such …" for one that
 * cannot, without asking the database (which would refuse it as an error, not as nothing found).
 */
export function isUuid(id: string): boolean {
  return uuidPattern.test(id);
}

/** Postgres's "invalid input syntax" (an id that is no uuid): a read answers it as nothing found. */
export const INVALID_TEXT_REPRESENTATION = '22P02';
