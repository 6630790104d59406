import { env } from '@/lib/env';
import type { DeviceType } from './device-type';

export interface PageLeaveEvent {
  session_id: string;
  event_type: 'page_leave';
  page_path: string;
  duration_seconds: number;
  device_type: DeviceType;
}

export const PAGE_LEAVE_FUNCTION = 'track-page-leave';

/**
 * Sends a page-leave event to the track-page-leave function, fire-and-forget. A beacon survives
 * the page being closed but cannot carry headers, so the anon key rides in the URL and the body is
 * text/plain (no CORS preflight); without sendBeacon, a keepalive fetch with the apikey header.
 * Never throws: analytics failures are ignored.
 */
export function sendPageLeave(event: PageLeaveEvent): void {
  const endpoint = `${env.supabaseUrl}/functions/v1/${PAGE_LEAVE_FUNCTION}`;
  const body = JSON.stringify(event);
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      const url = `${endpoint}?apikey=${encodeURIComponent(env.supabaseAnonKey)}`;
      if (navigator.sendBeacon(url, new Blob([body], { type: 'text/plain' }))) return;
    }
    void fetch(endpoint, {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', apikey: env.supabaseAnonKey },
      body,
    }).catch(() => undefined);
  } catch {
    // Ignored on purpose: leaving a page must never fail because of analytics.
  }
}
