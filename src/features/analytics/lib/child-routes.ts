import type { PageViewEvent } from '../api/record-page-view';

/**
 * The child area (/child/*) sends nothing but an anonymous page view: the route's section
 * ('/child/dashboard', '/child/session') without ids or query, under one shared session id, with
 * no referrer, browser, device or screen size, and no page leave. Nothing ties it to a child, a
 * device or a visit. The database applies the same rule to whatever reaches web_analytics.
 */
export const ANONYMOUS_SESSION_ID = 'anonymous';

export function isChildPath(pathname: string): boolean {
  return pathname === '/child' || pathname.startsWith('/child/');
}

/** '/child/session/8f1c…?x=1' → '/child/session'. */
export function childSection(pathname: string): string {
  const [, area, section] = pathname.split('/');
  return section ? `/${area}/${section}` : `/${area}`;
}

export function anonymousChildView(pathname: string): PageViewEvent {
  return {
    session_id: ANONYMOUS_SESSION_ID,
    event_type: 'page_view',
    page_path: childSection(pathname),
    referrer: null,
    user_agent: null,
    device_type: null,
    metadata: {},
  };
}
