import type { Session } from '@supabase/supabase-js';
import type { AppRole } from '@/features/auth/lib/roles';
import { readHeldSession } from '@/lib/held-session';
import type { RouteQuery } from './routes.manifest';

/**
 * A signed-in screen opened directly (typed, bookmarked, reloaded): its code, the session check and
 * its data start side by side, as soon as the areas' route table has loaded, instead of one after
 * the other (supabase-js → session → role → layout → two-factor step → screen → its queries).
 * The person and their role are read from what the browser already holds (the session supabase-js
 * persisted, and the role this tab last saw for that person); supabase-js then confirms the session,
 * and what was loaded for a session that turns out to be gone is dropped (decision 200).
 */

/** Where the areas keep the role they last saw for a person (a hint only: the guards decide). */
export const ROLE_HINT_KEY = 'ploom-role';

export interface StoredSession {
  userId: string;
  accessToken: string;
}

/** The session supabase-js persisted, read without loading it; undefined when none is held. */
export function readStoredSession(): StoredSession | undefined {
  const held = readHeldSession();
  return held && { userId: held.userId, accessToken: held.accessToken };
}

const roles: readonly AppRole[] = ['admin', 'coach', 'parent', 'child'];

/** Keeps the role the guards settled on for this person (or forgets it once nobody is signed in). */
export function rememberRole(userId: string | null, role: AppRole | null): void {
  try {
    if (userId && role) window.localStorage.setItem(ROLE_HINT_KEY, `${userId}:${role}`);
    else window.localStorage.removeItem(ROLE_HINT_KEY);
  } catch {
    // Storage blocked: a direct load then reads the role before the screen's data.
  }
}

/** The role last seen for `userId` in this browser, if any. */
export function rememberedRole(userId: string): AppRole | undefined {
  try {
    const hint = window.localStorage.getItem(ROLE_HINT_KEY);
    if (!hint?.startsWith(`${userId}:`)) return undefined;
    const role = hint.slice(userId.length + 1) as AppRole;
    return roles.includes(role) ? role : undefined;
  } catch {
    return undefined;
  }
}

/** What the browser holds of a person: their stored session and the role remembered for them. */
export interface HeldAuth {
  session: Session;
  role: AppRole;
}

/**
 * The session supabase-js persisted, while its access token is still good for a while, with the
 * role remembered for its person: enough to draw the person's area before supabase-js has loaded
 * and the role has been read again. Undefined when either is missing or the token is (nearly) out
 * of date: supabase-js then refreshes it first, and the guard waits for that.
 */
export function readHeldAuth(now = Date.now()): HeldAuth | undefined {
  const held = readHeldSession(60_000, now);
  if (!held?.fresh) return undefined;
  const role = rememberedRole(held.userId);
  return role ? { session: held.session, role } : undefined;
}

export interface DirectLoadSteps {
  /** The roles the screen at `pathname` lets in; undefined for a path with no screen of its own. */
  rolesAt(pathname: string): readonly AppRole[] | undefined;
  /** Loads the modules of the routes at `pathname` (the area's layout and the screen). */
  preloadCode(pathname: string): Promise<void>;
  /** Loads the screen's queries (and what its area shows first) for `role`; resolves them. */
  prefetchData(url: URL, role: AppRole, session: StoredSession): Promise<RouteQuery[]>;
  /** The person supabase-js holds once it has read (and, if due, refreshed) the session. */
  checkSession(): Promise<string | null>;
  /** Removes queries from the cache (loaded for a session that turned out to be gone). */
  dropQueries(queries: RouteQuery[]): void;
}

/**
 * Starts the screen at `url` for the session held in the browser: its code at once; its data with
 * the role remembered for the person, else the role the route allows (one role); the session check
 * beside them. Resolves when all have settled (for tests);
 * nothing is started when no session is held.
 */
export async function startDirectLoad(url: URL, steps: DirectLoadSteps): Promise<void> {
  const session = readStoredSession();
  if (!session) return;
  const allowed = steps.rolesAt(url.pathname);
  const code = steps.preloadCode(url.pathname).catch(() => undefined);
  const checked = steps.checkSession().catch(() => null);
  let queries: RouteQuery[] = [];
  const data = (async () => {
    if (!allowed) return;
    // The role remembered for the person decides (a coach opening an admin-only screen reads
    // nothing). Without one (the person's first visit to an area in this browser) a screen one
    // role may open reads as that role, and one several roles may open waits for the guard's role,
    // as a link followed without intent does.
    const role = rememberedRole(session.userId) ?? (allowed.length === 1 ? allowed[0] : undefined);
    if (!role || !allowed.includes(role)) return;
    queries = await steps.prefetchData(url, role, session);
  })().catch(() => undefined);
  const drop = () => {
    if (queries.length > 0) steps.dropQueries(queries);
  };
  // Nothing loaded for a session that is gone may stay: dropped as soon as that is known, and once
  // more when the loads in flight have settled.
  const person = await checked;
  if (person === session.userId) {
    await Promise.all([code, data]);
    return;
  }
  drop();
  await Promise.all([code, data]);
  drop();
}
