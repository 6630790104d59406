import type { ReactNode } from 'react';
import {
  Router,
  type Location as RouterLocation,
  type NavigationType as RouterAction,
} from 'react-router-dom';
import { useNavigation } from '@/lib/navigation';

/**
 * React Router for the signed-in areas' nested routes (layouts, `:id` params, Outlet), driven by
 * the site's own history (src/lib/history.ts): the router reads the same location and navigates
 * through it, so a link anywhere in the app and a link inside an area are one history. The public
 * pages never load the router (decision 070).
 */
export function AreaRouter({ children }: { children: ReactNode }) {
  const { history, location, action } = useNavigation();
  return (
    <Router location={location as RouterLocation} navigationType={action as RouterAction} navigator={history}>
      {children}
    </Router>
  );
}
