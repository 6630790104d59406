import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { paths } from '@/config/paths';
import { afterFirstScreen, getSupabase, type Supabase } from '@/lib/supabase';
import { AuthContext, type AuthContextValue, type SignUpInput } from '../lib/auth-context';
import type { AppRole } from '../lib/roles';
import { mightHaveSession, sessionStorageKey } from '@/lib/stored-session';
import { dropLastViews } from '@/lib/last-view-script';
/** The login and logout records: written on those moments only, so loaded then (every page carries this provider). */
const authRecords = () => import('../api/record-auth-event');
// Captures the URL fragment at start-up, before supabase-js consumes an email link's tokens.
import { readAuthLink } from '../lib/initial-url';

interface AuthState {
  session: Session | null;
  user: User | null;
  role: AppRole | null;
  loading: boolean;
  roleLoading: boolean;
}

function sameState(a: AuthState, b: AuthState): boolean {
  return (Object.keys(a) as (keyof AuthState)[]).every((key) => Object.is(a[key], b[key]));
}

export interface AuthProviderProps {
  children: ReactNode;
  /** Injected in tests; the app's one client otherwise. */
  getClient?: () => Promise<Supabase>;
}

/**
 * Holds the session, the user's role and the auth actions. supabase-js is only loaded when a
 * session may exist (stored, in an email link's URL, or stored by another tab) or on sign-in or
 * sign-up, so a signed-out visitor's page never waits for it.
 */
export function AuthProvider({ children, getClient = getSupabase }: AuthProviderProps) {
  const [state, setState] = useState<AuthState>(() => {
    const maybe = mightHaveSession();
    return { session: null, user: null, role: null, loading: maybe, roleLoading: maybe };
  });
  const connection = useRef<Promise<{ supabase: Supabase; unsubscribe: () => void }> | null>(null);
  /**
   * Set by signIn/signUp, or when the page opens with the sign-up confirmation link (the parent's
   * first sign-in): only then is a SIGNED_IN a login (not token refreshes or tab focus).
   */
  const pendingLogin = useRef(readAuthLink().type === 'signup');
  const roleUserId = useRef<string | null>(null);
  const userId = useRef<string | null>(null);

  const connect = useCallback((): Promise<Supabase> => {
    // The role is read as soon as the session is known: its code comes beside the client.
    const roleReader = import('../api/load-role');
    connection.current ??= getClient().then((supabase) => {
      const onChange = (event: AuthChangeEvent, session: Session | null) => {
        // Never await supabase calls in here: the callback runs inside the client's auth lock.
        const id = session?.user.id ?? null;
        // The session has ended, however (a sign-out here or in another tab, a refresh refused
        // because it was ended elsewhere or expired): nothing of its screens stays on the device,
        // on whatever page this is (decision 230).
        if (event === 'SIGNED_OUT') dropLastViews();
        userId.current = id;
        const newUser = id !== null && id !== roleUserId.current;
        if (id === null) roleUserId.current = null;
        setState((s) => {
          const next: AuthState = {
            session,
            user: session?.user ?? null,
            loading: false,
            role: id === null ? null : newUser ? null : s.role,
            roleLoading: id === null ? false : newUser ? true : s.roleLoading,
          };
          // The same state keeps the context value: a signed-out visitor's first check changes
          // nothing, so the page's sections still hydrating are not re-rendered from scratch.
          return sameState(s, next) ? s : next;
        });
        if (event === 'MFA_CHALLENGE_VERIFIED' && session) {
          // supabase-js hands Realtime a new token only on SIGNED_IN and TOKEN_REFRESHED: give it the
          // aal2 one now, or staff stay out of the session room's channel until the next refresh.
          supabase.realtime.setAuth(session.access_token).catch(() => undefined);
        }
        // An email link's session may arrive before this listener as the initial session.
        if ((event === 'SIGNED_IN' || event === 'INITIAL_SESSION') && pendingLogin.current && id) {
          pendingLogin.current = false;
          setTimeout(() => {
            authRecords().then(
              ({ recordAuthEvent, touchLastLogin }) => {
                recordAuthEvent(supabase, id, 'USER_LOGIN').catch(() => undefined);
                touchLastLogin(supabase, id).catch(() => undefined);
              },
              () => undefined,
            );
          }, 0);
        }
        if (newUser && id) {
          roleUserId.current = id;
          setTimeout(() => {
            roleReader
              .then(({ loadRole }) => loadRole(supabase, id))
              .catch(() => null)
              .then((role) => {
                if (userId.current !== id) return;
                setState((s) => ({ ...s, role, roleLoading: false }));
              });
          }, 0);
        }
      };
      const { data } = supabase.auth.onAuthStateChange(onChange);
      return { supabase, unsubscribe: () => data.subscription.unsubscribe() };
    });
    const current = connection.current;
    current.catch(() => {
      // supabase-js could not load (offline): treat the visitor as signed out, retry on next use.
      if (connection.current === current) connection.current = null;
      setState((s) => ({ ...s, loading: false, roleLoading: false }));
    });
    return current.then((c) => c.supabase);
  }, [getClient]);

  useEffect(() => {
    // A signed-out visitor's page needs no auth client: it loads when they sign in or sign up here,
    // or when another tab of the site stores a session (then this tab follows it).
    const key = sessionStorageKey();
    const onStorage = (event: StorageEvent) => {
      if (event.key === key && event.newValue) void connect();
    };
    window.addEventListener('storage', onStorage);
    // A signed-in screen opened directly draws from the session the browser holds first (decision 215).
    if (mightHaveSession()) void afterFirstScreen().then(connect);
    return () => {
      window.removeEventListener('storage', onStorage);
      const pending = connection.current;
      connection.current = null;
      pending?.then(
        (c) => c.unsubscribe(),
        () => undefined,
      );
    };
  }, [connect]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const supabase = await connect();
      pendingLogin.current = true;
      const { error } = await supabase.auth.signInWithPassword({ email, password });
      if (error) {
        pendingLogin.current = false;
        throw error;
      }
    },
    [connect],
  );

  const signInChild = useCallback(
    async (username: string, secret: string) => {
      const supabase = await connect();
      pendingLogin.current = true;
      try {
        // Loaded on a child's sign-in only: every public page carries this provider.
        const { requestChildSession } = await import('../api/child-sign-in');
        const session = await requestChildSession(supabase, username, secret);
        const { error } = await supabase.auth.setSession(session);
        if (error) throw error;
      } catch (error) {
        pendingLogin.current = false;
        throw error;
      }
    },
    [connect],
  );

  const signUp = useCallback(
    async ({ email, password, firstName, lastName }: SignUpInput) => {
      const supabase = await connect();
      pendingLogin.current = true;
      const { data, error } = await supabase.auth.signUp({
        email,
        password,
        options: {
          data: { first_name: firstName, last_name: lastName },
          // The confirmation link signs the parent in on their dashboard (onboarding until it is done).
          emailRedirectTo: `${window.location.origin}${paths.app}`,
        },
      });
      if (error || !data.session) pendingLogin.current = false;
      if (error) throw error;
      return { needsEmailConfirmation: !data.session };
    },
    [connect],
  );

  const signOut = useCallback(async () => {
    const supabase = await connect();
    const id = userId.current;
    // Written first: it needs the session's token.
    if (id) {
      await authRecords()
        .then(({ recordAuthEvent }) => recordAuthEvent(supabase, id, 'USER_LOGOUT'))
        .catch(() => undefined);
    }
    const { error } = await supabase.auth.signOut();
    if (error) await supabase.auth.signOut({ scope: 'local' });
  }, [connect]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      isAdmin: state.role === 'admin',
      isCoach: state.role === 'coach',
      isAdminOrCoach: state.role === 'admin' || state.role === 'coach',
      signIn,
      signInChild,
      signUp,
      signOut,
    }),
    [state, signIn, signInChild, signUp, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
