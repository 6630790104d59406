import { MutationCache, notifyManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { getSupabase, loadedSupabase, type Supabase } from './supabase';
import { dropLastViews } from './last-view';

/**
 * The Data API answers PT401 once the token's session has ended (signed out everywhere, or a
 * password reset elsewhere): the session held here is dead, so it is dropped and the guards send
 * the person to sign in, instead of every screen showing an error. What the device kept of its
 * screens goes at once (decision 230), even while supabase-js is still loading (a screen opened
 * directly reads with the held token before it has).
 */
export function endsSession(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'PT401';
}

function dropEndedSession(error: unknown) {
  if (!endsSession(error)) return;
  dropLastViews();
  const loaded = loadedSupabase();
  void (loaded ? Promise.resolve(loaded) : getSupabase()).then(
    (supabase) => supabase.auth.signOut({ scope: 'local' }),
    () => undefined,
  );
}

/**
 * TanStack Query tells the screens of a cache change in a zero-delay timeout by default, so a change
 * made in a press (a lead's new status written into the cache as the mutation starts) reached the
 * screen a frame after the press. Told in a microtask, React draws it in the task that made it and
 * the next paint holds it; changes made together in one piece of code still come as one batch.
 */
notifyManager.setScheduler(queueMicrotask);

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: dropEndedSession }),
  mutationCache: new MutationCache({ onError: dropEndedSession }),
  defaultOptions: {
    queries: { staleTime: 30_000, retry: (count, error) => !endsSession(error) && count < 1 },
    mutations: { retry: 0 },
  },
});

/**
 * What one person's screens read is theirs alone: once they sign out, or another person's session
 * takes over the tab (a sign-in in another tab), every cached answer goes, so nothing of theirs is
 * shown to the next person, not even for the moment a screen takes to refetch.
 */
export function clearCacheOnPersonChange(supabase: Supabase, client: QueryClient = queryClient): void {
  let person: string | null | undefined;
  supabase.auth.onAuthStateChange((_event, session) => {
    const next = session?.user.id ?? null;
    if (person && next !== person) client.clear();
    // The screens' kept views go with the person, and with any end of the session (SIGNED_OUT, or
    // no session at all): a sign-out here or elsewhere, an expiry supabase-js could not refresh
    // (decisions 217, 230).
    if (!next || (person && next !== person)) dropLastViews();
    person = next;
  });
}
