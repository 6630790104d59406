import { useSyncExternalStore } from 'react';
import { scrollThresholds } from '@/content/nav';

export interface ScrollState {
  /** Past 20 px: the top bar turns opaque. */
  barOpaque: boolean;
  /** Past 600 px: the mobile menu and the sticky call-to-action appear. */
  pastFold: boolean;
}

/** The top bar's state at a scroll position. */
export function scrollStateAt(scrollY: number): ScrollState {
  return {
    barOpaque: scrollY > scrollThresholds.barOpaque,
    pastFold: scrollY > scrollThresholds.stickyCta,
  };
}

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange, { passive: true });
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
  };
}

// Each flag is its own snapshot, so a scroll only re-renders when a threshold is crossed.
const getBarOpaque = () => scrollStateAt(window.scrollY).barOpaque;
const getPastFold = () => scrollStateAt(window.scrollY).pastFold;
const getServerSnapshot = () => false;

/** Whether the page is scrolled past the top bar's thresholds (see content/nav.ts). */
export function useScrollThresholds(): ScrollState {
  const barOpaque = useSyncExternalStore(subscribe, getBarOpaque, getServerSnapshot);
  const pastFold = useSyncExternalStore(subscribe, getPastFold, getServerSnapshot);
  return { barOpaque, pastFold };
}
