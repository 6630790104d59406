import { insertPublicRow } from '@/lib/public-api';
import type { DeviceType } from '../lib/device-type';

export interface PageViewEvent {
  session_id: string;
  event_type: 'page_view';
  page_path: string;
  referrer: string | null;
  /** null only for the child area's anonymous views (lib/child-routes.ts) */
  user_agent: string | null;
  device_type: DeviceType | null;
  metadata: { screen_width: number; screen_height: number } | Record<string, never>;
}

/**
 * Inserts a page_view row into web_analytics (a signed-out visitor's without loading supabase-js).
 * Visitors may insert analytics rows but not read them back. Throws the client's error; the tracker ignores it.
 */
export async function recordPageView(event: PageViewEvent): Promise<void> {
  await insertPublicRow('web_analytics', event);
}
