import { useEffect, useRef } from 'react';
import { useLocation } from '@/lib/navigation';
import { getSessionId, rememberLanding } from '@/lib/attribution';
import { whenIdle } from '@/lib/when-idle';
import { recordPageView as defaultRecordPageView, type PageViewEvent } from '../api/record-page-view';
import { anonymousChildView, isChildPath } from '../lib/child-routes';
import { getDeviceType } from '../lib/device-type';
import { sendPageLeave as defaultSendPageLeave, type PageLeaveEvent } from '../lib/send-page-leave';

interface CurrentPage {
  path: string;
  startedAt: number;
  /** A leave was already sent for this stretch of time (tab hidden). */
  left: boolean;
}

export interface PageTrackerProps {
  /** Injected in tests; default inserts into web_analytics. */
  recordPageView?: (event: PageViewEvent) => Promise<void>;
  /** Injected in tests; default beacons to track-page-leave. */
  sendPageLeave?: (event: PageLeaveEvent) => void;
}

/**
 * Records a page view on every route change and a page leave when the route changes or the
 * visitor leaves (pagehide, tab hidden). Renders nothing; all failures are ignored.
 */
export function PageTracker({
  recordPageView = defaultRecordPageView,
  sendPageLeave = defaultSendPageLeave,
}: PageTrackerProps) {
  const location = useLocation();
  const current = useRef<CurrentPage | null>(null);
  // location.key is the same when StrictMode runs an effect twice, and new on every navigation.
  const trackedKey = useRef<string | null>(null);
  // Views still waiting for the browser to be idle: sent at once if the visitor leaves first.
  const pendingViews = useRef(new Set<() => void>());

  useEffect(() => {
    if (trackedKey.current === location.key) return;
    trackedKey.current = location.key;
    const path = `${location.pathname}${location.search}`;
    const previous = current.current;
    if (previous && !previous.left) {
      sendPageLeave(leaveEvent(getSessionId(), previous));
    }
    if (isChildPath(location.pathname)) {
      // The child area: one anonymous page view, nothing else (no landing, no leave).
      current.current = null;
      sendWhenIdle(pendingViews.current, () => recordPageView(anonymousChildView(location.pathname)), true);
      return;
    }
    const sessionId = getSessionId();
    rememberLanding(location.pathname, location.search);
    current.current = { path, startedAt: Date.now(), left: false };

    const event: PageViewEvent = {
      session_id: sessionId,
      event_type: 'page_view',
      page_path: path,
      referrer: document.referrer || null,
      user_agent: navigator.userAgent,
      device_type: getDeviceType(window.innerWidth),
      metadata: { screen_width: window.screen.width, screen_height: window.screen.height },
    };
    // The first view waits for load + idle so supabase-js never delays the first paint. Not
    // cancelled on cleanup: StrictMode's extra cleanup must not drop the view.
    sendWhenIdle(pendingViews.current, () => recordPageView(event), isSignedInAreaPath(location.pathname));
  }, [location.key, location.pathname, location.search, recordPageView, sendPageLeave]);

  useEffect(() => {
    const leave = () => {
      // A visitor who leaves before the browser was idle: their views go now, or never.
      for (const send of [...pendingViews.current]) send();
      const page = current.current;
      if (!page || page.left) return;
      page.left = true;
      sendPageLeave(leaveEvent(getSessionId(), page));
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        leave();
      } else if (current.current?.left) {
        // Back on the tab: count the time from now, so a later leave is not counted twice.
        current.current = { ...current.current, startedAt: Date.now(), left: false };
      }
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [sendPageLeave]);

  return null;
}

/**
 * Sends a view once the page is idle, keeping it in `pending` until then so a leave can send it at
 * once instead (the request itself survives the page: api/record-page-view). Failures are ignored.
 * On a signed-in screen (`afterReads`) the view also waits for the screen's reads to have answered
 * and been drawn: it is not what the person opened the screen for (decision 214).
 */
function sendWhenIdle(pending: Set<() => void>, record: () => Promise<void>, afterReads = false): void {
  // whenIdle may run `send` at once, before it returns its canceller.
  const idle: { cancel?: () => void } = {};
  const send = () => {
    if (!pending.delete(send)) return;
    idle.cancel?.();
    record().catch(() => undefined);
  };
  pending.add(send);
  if (!afterReads && waiting === 0) {
    idle.cancel = whenIdle(send);
    return;
  }
  let cancelled = false;
  idle.cancel = () => void (cancelled = true);
  // In the order they were made: a view waiting for its screen's reads holds back those after it.
  waiting += 1;
  const ready = readsBefore.then(afterReads ? screenReadsAnswered : undefined);
  readsBefore = ready;
  void ready.then(() => {
    waiting -= 1;
    if (!cancelled) idle.cancel = whenIdle(send);
  });
}

/** Views made and not yet ready to go, and when the last of them will be (see sendWhenIdle). */
let waiting = 0;
let readsBefore: Promise<void> = Promise.resolve();

/** The signed-in areas' paths (their screens read the person's data as they open). */
function isSignedInAreaPath(pathname: string): boolean {
  return /^\/(admin|app|child)(\/|$)/.test(pathname);
}

/** Resolves once no query is being read (the areas' cache; 10 s at most), whatever the outcome. */
function screenReadsAnswered(): Promise<void> {
  return import('@/lib/query-client').then(
    ({ queryClient }) =>
      new Promise<void>((resolve) => {
        const done = () => {
          unsubscribe();
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, 10_000);
        const unsubscribe = queryClient.getQueryCache().subscribe(() => {
          if (queryClient.isFetching() === 0) done();
        });
        if (queryClient.isFetching() === 0) done();
      }),
    () => undefined,
  );
}

function leaveEvent(sessionId: string, page: CurrentPage): PageLeaveEvent {
  return {
    session_id: sessionId,
    event_type: 'page_leave',
    page_path: page.path,
    duration_seconds: Math.max(0, Math.round((Date.now() - page.startedAt) / 1000)),
    device_type: getDeviceType(window.innerWidth),
  };
}
