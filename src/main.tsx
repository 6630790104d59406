// First: zod must not probe for `new Function` under the Content Security Policy (see the file).
import '@/lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { getSessionId, rememberLanding } from '@/lib/attribution';
import { createBrowserHistory } from '@/lib/history';
import { NavigationProvider } from '@/lib/navigation';
import { holdForFirstScreen } from '@/lib/supabase';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadPath } from './app/router';
import { signedInAreaOf } from './app/routes.manifest';
import './index.css';

// The analytics session and where the visit started (with its UTM tags), kept as soon as the app
// starts, not when hydration has finished: a visitor may follow a link before then, and the next
// page must neither start a new session nor count as the landing page.
getSessionId();
rememberLanding(window.location.pathname, window.location.search);

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppProvider>
      <NavigationProvider history={createBrowserHistory()}>
        <AppRoutes />
      </NavigationProvider>
    </AppProvider>
  </StrictMode>
);

if (container.hasAttribute('data-prerendered')) {
  // The page's HTML was built at build time: load its module first, so
  // hydration matches the HTML in one pass, then attach React to what is already on screen.
  // In a transition, so React hydrates in slices that yield to the browser (no long task).
  // Hydration starts in a task of its own: the page's modules have just run in this one.
  void preloadPath(window.location.pathname)
    .then(() => new Promise((resolve) => setTimeout(resolve)))
    .then(() =>
      startTransition(() => {
        hydrateRoot(container, app);
      }),
    );
} else {
  // The app shell (signed-in areas, the quiz, account pages): rendered in the browser. A signed-in
  // screen draws from what the browser holds before supabase-js loads (decision 215).
  if (signedInAreaOf(window.location.pathname)) holdForFirstScreen();
  createRoot(container).render(app);
}
