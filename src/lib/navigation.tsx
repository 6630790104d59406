import {
  createContext,
  forwardRef,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {
  createPath,
  resolvePath,
  type History,
  type Location,
  type NavigationType,
  type To,
} from './history';

/**
 * Links, the current location and navigation for every page, over a `History` (src/lib/history.ts).
 * The names and behaviour follow React Router's (Link, NavLink, Navigate, useLocation, useNavigate,
 * useNavigationType), which the signed-in areas use for their nested routes on the same history:
 * a prerendered public page hydrates with this module alone, a few hundred bytes instead of the
 * router's 13 KiB (decision 070).
 */
export type { History, Location, NavigationType, To } from './history';

interface NavigationState {
  history: History;
  location: Location;
  action: NavigationType;
}

const NavigationContext = createContext<NavigationState | null>(null);

// Layout effects warn on the server; the prerender never navigates anyway.
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Provides `history` to the tree. A change of location renders in a transition, as React Router's
 * routers do: a page whose code is still loading shows its own "Loading..." boundary, and what is
 * already on screen does not fall back to a spinner.
 */
export function NavigationProvider({ history, children }: { history: History; children: ReactNode }) {
  const [state, setState] = useState(() => ({ location: history.location, action: history.action }));
  useIsomorphicLayoutEffect(() => {
    const update = () =>
      startTransition(() => setState({ location: history.location, action: history.action }));
    const unsubscribe = history.listen(update);
    // A change between the first render and now (e.g. a redirect in a child's effect).
    if (history.location !== state.location) update();
    return unsubscribe;
    // `state` is read once, at subscription; later changes come through the listener.
  }, [history]);
  return <NavigationContext.Provider value={{ history, ...state }}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): NavigationState {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('Navigation is used outside a NavigationProvider.');
  return navigation;
}

export const useLocation = (): Location => useNavigation().location;

/** How the current location was reached: 'POP' (first load, back/forward), 'PUSH' or 'REPLACE'. */
export const useNavigationType = (): NavigationType => useNavigation().action;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

export function useNavigate(): NavigateFunction {
  const { history } = useNavigation();
  return useCallback(
    (to, { replace = false, state } = {}) => {
      if (typeof to === 'number') history.go(to);
      else if (replace) history.replace(to, state);
      else history.push(to, state);
    },
    [history],
  );
}

/** Navigates once rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  const target = typeof to === 'string' ? to : createPath(to);
  useEffect(() => {
    navigate(target, { replace, state });
    // Once per destination: a re-render on the way must not navigate twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current entry instead of adding one (the default when `to` is the current page). */
  replace?: boolean;
  state?: unknown;
  /** Let the browser load the page (no in-app navigation). */
  reloadDocument?: boolean;
}

const isExternal = (to: To) => typeof to === 'string' && /^([a-z][a-z\d+.-]*:|\/\/)/i.test(to);

/** Whether a click is one the app should turn into an in-app navigation (not a new tab, a download...). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** A link to a page of the site: a real <a href>, followed in the app on a plain click. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, reloadDocument, onClick, target, ...props },
  ref,
) {
  const { history, location } = useNavigation();
  const external = isExternal(to);
  const href = external ? (to as string) : createPath(resolvePath(to, location));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      external ||
      reloadDocument ||
      !isPlainClick(event, target) ||
      event.currentTarget.hasAttribute('download')
    )
      return;
    event.preventDefault();
    if (replace ?? href === createPath(location)) history.replace(to, state);
    else history.push(to, state);
  };
  return <a {...props} ref={ref} href={href} target={target} onClick={handleClick} />;
});

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** A function of whether the link is the current page's (or one of its ancestors', unless `end`). */
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  /** Active only on exactly its own path, not on the paths below it. */
  end?: boolean;
}

/** Whether `pathname` is `target` or (unless `end`) below it; case-insensitive, as the routes are. */
export function isActivePath(pathname: string, target: string, end = false): boolean {
  const current = pathname.toLowerCase();
  const own = target.toLowerCase();
  const length = own !== '/' && own.endsWith('/') ? own.length - 1 : own.length;
  return current === own || (!end && current.startsWith(own) && current.charAt(length) === '/');
}

/** A link that knows when it points at the current page: `aria-current="page"` and its active style. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { className, end, to, ...props },
  ref,
) {
  const { location } = useNavigation();
  const isActive = isActivePath(location.pathname, resolvePath(to, location).pathname, end);
  return (
    <Link
      {...props}
      ref={ref}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
});
