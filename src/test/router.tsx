import { useState, type ReactNode } from 'react';
import { AreaRouter } from '@/app/area-router';
import { createMemoryHistory, type History } from '@/lib/history';
import { NavigationProvider } from '@/lib/navigation';

export interface TestRouterProps {
  /** The history to render in (to navigate it or read it from the test); a new one at `initialEntries` by default. */
  history?: History;
  initialEntries?: string[];
  children: ReactNode;
}

/**
 * What the app gives a component: the site's navigation over an in-memory history, and React
 * Router on that same history for <Routes> (as inside a signed-in area).
 */
export function TestRouter({ history, initialEntries = ['/'], children }: TestRouterProps) {
  const [own] = useState(() => history ?? createMemoryHistory(initialEntries));
  return (
    <NavigationProvider history={own}>
      <AreaRouter>{children}</AreaRouter>
    </NavigationProvider>
  );
}
