import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { use, useContext, useEffect, type ReactNode } from 'react';

let pending: Promise<QueryClient> | undefined;

/** Loads TanStack Query and the app's client, once (a failed load is retried by the next call). */
export function loadQueryClient(): Promise<QueryClient> {
  pending ??= import('@/lib/query-client').then(
    (module) => {
      // Marked as settled the way React reads a thenable, so use() returns it without suspending.
      Object.assign(pending!, { status: 'fulfilled', value: module.queryClient });
      return module.queryClient;
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/**
 * Gives its children the app's QueryClient. TanStack Query is not part of the landing pages' first
 * load: only the parts that fetch or submit (the forms, the live sign-up flag, the signed-in areas)
 * sit inside this boundary, which suspends until the client's code has loaded (at once when an
 * outer boundary or a test already provides one).
 */
export function QueryBoundary({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  // use() on every render without an outer client (React requires the same calls once resumed).
  const client = outer ?? use(loadQueryClient());
  useEffect(() => {
    if (outer) return;
    // What QueryClientProvider does: refetch on focus and reconnect while something is mounted.
    client.mount();
    return () => client.unmount();
  }, [client, outer]);
  return outer ? (
    children
  ) : (
    <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>
  );
}
