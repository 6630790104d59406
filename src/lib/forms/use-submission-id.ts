import { useCallback, useState } from 'react';

/**
 * A client-generated id for the row a form is about to create, kept until the submit succeeds:
 * a retried or repeated insert reuses it and collides on the primary key instead of saving twice.
 */
export function useSubmissionId(): [id: string, renew: () => void] {
  const [id, setId] = useState(() => crypto.randomUUID());
  const renew = useCallback(() => setId(crypto.randomUUID()), []);
  return [id, renew];
}
