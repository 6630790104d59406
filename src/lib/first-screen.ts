import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useState } from 'react';
import { afterNextPaint } from './after-paint';
import { afterFirstScreen, firstScreenDrawn } from './supabase';
import { whenIdle } from './when-idle';

/** How long a screen's heading waits for its first reads at most before it shows on its own. */
const HEADING_WAITS_MS = 1000;

/** The query caches (one a page) whose screens have shown a heading: only a load's first screen waits. */
const headingShown = new WeakSet<QueryClient>();

/**
 * A query the screen reads at first, not the frame's own (`meta.frame`: the nav's unread count) nor
 * a panel beside the screen's own content that shows when it comes (`meta.aside`: the overview's
 * lists of what is due).
 */
const firstRead = (query: { state: { data: unknown }; meta?: Record<string, unknown> }) =>
  query.state.data === undefined && !query.meta?.frame && !query.meta?.aside;

/**
 * Whether the first screen of a page load is still waiting for its first reads (queries being read
 * with nothing to show yet): its heading then shows with its data, in one paint, rather than over a
 * loading line a moment before it (decision 214). After HEADING_WAITS_MS it shows anyway. A screen
 * opened later in the same page shows its heading at once, as before. Once that paint is on screen,
 * supabase-js may load (afterFirstScreen, decision 215).
 */
export function useFirstReadsWaiting(): boolean {
  const client = useContext(QueryClientContext);
  const [waiting, setWaiting] = useState(() => client !== undefined && !headingShown.has(client));
  useEffect(() => {
    if (!client) return;
    if (!waiting) {
      headingShown.add(client);
      void afterNextPaint().then(firstScreenDrawn);
      return;
    }
    // After the screen's own effects: the reads it started are in the cache now.
    const cache = client.getQueryCache();
    let live = true;
    const show = () => {
      if (!live) return;
      headingShown.add(client);
      setWaiting(false);
    };
    const check = () => {
      if (client.isFetching({ predicate: firstRead }) === 0) show();
    };
    // The cache tells of a query as a screen builds it, within that screen's render: the state
    // changes after it, never inside another component's render.
    const unsubscribe = cache.subscribe(() => queueMicrotask(check));
    const timer = setTimeout(show, HEADING_WAITS_MS);
    check();
    return () => {
      live = false;
      unsubscribe();
      clearTimeout(timer);
    };
  }, [waiting, client]);
  return waiting;
}

/**
 * Runs `load` (a stable function) once the page's first screen has drawn (afterFirstScreen) and the page is idle: for
 * the code of what a press opens on this screen (its dialogs and forms), so it is there before the
 * press, without sharing the phone's network with the screen's first paint (decision 216).
 */
export function useLoadWhenDrawn(load: () => void): void {
  useEffect(() => {
    let cancel: (() => void) | undefined;
    let live = true;
    void afterFirstScreen().then(() => {
      if (live) cancel = whenIdle(load);
    });
    return () => {
      live = false;
      cancel?.();
    };
  }, [load]);
}

/**
 * False until the page's first screen has drawn (afterFirstScreen), then true: for what the frame
 * shows beside a screen (the nav's unread count), so its request does not share the phone's network
 * with the screen's first reads (decision 216). Elsewhere it turns true after one render.
 */
export function useFirstScreenDrawn(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstScreen().then(() => {
      if (live) setDrawn(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return drawn;
}
