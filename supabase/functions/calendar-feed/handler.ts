import { consoleLogger, withHttp, type Handler, type Logger } from '../_shared/http.ts';
import { buildCalendar, introCallUid, sessionUid, type CalendarEvent } from '../_shared/ics.ts';

/** One row of public.calendar_feed_events: the feed's owner, and a meeting or null. */
export interface FeedRow {
  owner_kind: 'family' | 'staff';
  meeting: 'session' | 'intro_call' | null;
  id: string | null;
  starts_at: string | null;
  duration_minutes: number | null;
  child_first_name: string | null;
  coach_name: string | null;
}

export interface FeedStore {
  /** The feed's rows for this token (one query); none when there is no such feed. */
  events(token: string): Promise<FeedRow[]>;
}

/** 64 lowercase hex characters, as private.create_calendar_feed makes them. */
const TOKEN = /^[0-9a-f]{64}$/;

/** Requests per token per minute: calendar apps poll every few minutes to hours. */
const PER_MINUTE = 30;

const HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cache-Control': 'private, max-age=300',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
  'X-Content-Type-Options': 'nosniff',
};

/** The token from /calendar-feed/<token>.ics (or ?token=<token>), or null. */
export function tokenFrom(url: URL): string | null {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  const fromPath = last.replace(/\.ics$/i, '').toLowerCase();
  if (TOKEN.test(fromPath)) return fromPath;
  const fromQuery = (url.searchParams.get('token') ?? '').toLowerCase();
  return TOKEN.test(fromQuery) ? fromQuery : null;
}

function notFound(): Response {
  // The same answer for a malformed, unknown, replaced or revoked token: nothing says which.
  return new Response('Not found\n', {
    status: 404,
    headers: { ...HEADERS, 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

/** A small fixed-window counter per token, so one leaked URL cannot hammer the database. */
function rateLimiter(limit: number, now: () => number) {
  const windows = new Map<string, { start: number; count: number }>();
  return (key: string): number | null => {
    const at = now();
    const current = windows.get(key);
    if (!current || at - current.start >= 60_000) {
      if (windows.size >= 10_000) windows.clear();
      windows.set(key, { start: at, count: 1 });
      return null;
    }
    current.count += 1;
    return current.count > limit ? Math.ceil((current.start + 60_000 - at) / 1000) : null;
  };
}

async function etagOf(rows: FeedRow[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(rows)));
  const hex = [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `"${hex}"`;
}

/** A meeting as the owner's calendar shows it: the child's first name and the coach's name, no more. */
export function feedEvent(row: FeedRow, siteUrl: string): CalendarEvent | null {
  if (!row.meeting || !row.id || !row.starts_at) return null;
  const base = siteUrl.replace(/\/+$/, '');
  const start = new Date(row.starts_at);
  const end = new Date(start.getTime() + (row.duration_minutes ?? 30) * 60_000);
  if (row.meeting === 'intro_call') {
    const url = `${base}/admin`;
    return {
      uid: introCallUid(row.id),
      sequence: 0,
      start,
      end,
      summary: 'Ploom intro call',
      url,
      description: url,
    };
  }
  const child = row.child_first_name ?? 'Child';
  const id = encodeURIComponent(row.id);
  const url = row.owner_kind === 'family' ? `${base}/app/session/${id}` : `${base}/admin/session-room/${id}`;
  const summary =
    row.owner_kind === 'family'
      ? `${child}'s Ploom session${row.coach_name ? ` with ${row.coach_name}` : ''}`
      : `Ploom session: ${child}`;
  return {
    uid: sessionUid(row.id),
    sequence: 0,
    start,
    end,
    summary,
    url,
    description: `Open the session: ${url}`,
  };
}

/**
 * GET /functions/v1/calendar-feed/<token>.ics: a family's or a team member's private calendar, as
 * iCalendar, for Google Calendar, Apple Calendar and Outlook to subscribe to. Calendar apps send no
 * key, so the function runs with verify_jwt = false and the token is the whole authorisation: it is
 * looked up by its hash in one query. Any token that does not name a live feed is a plain 404.
 */
export function createHandler(deps: {
  store: FeedStore;
  siteUrl: string;
  logger?: Logger;
  now?: () => number;
}): Handler {
  const now = deps.now ?? Date.now;
  const logger = deps.logger ?? consoleLogger;
  const limited = rateLimiter(PER_MINUTE, now);
  return withHttp(
    ['GET', 'HEAD'],
    async (req) => {
      const token = tokenFrom(new URL(req.url));
      if (!token) return notFound();
      const retryAfter = limited(token);
      if (retryAfter !== null) {
        return new Response('Too many requests\n', {
          status: 429,
          headers: {
            ...HEADERS,
            'Retry-After': String(retryAfter),
            'Content-Type': 'text/plain; charset=utf-8',
          },
        });
      }
      let rows: FeedRow[];
      try {
        rows = await deps.store.events(token);
      } catch (error) {
        // Logged here, without the URL: the path holds the secret token.
        logger.error('calendar feed query failed:', error);
        return new Response('Internal error\n', {
          status: 500,
          headers: { ...HEADERS, 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' },
        });
      }
      if (rows.length === 0) return notFound();
      const etag = await etagOf(rows);
      const headers = { ...HEADERS, ETag: etag };
      if (req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
      const kind = rows[0].owner_kind;
      const events = rows
        .map((row) => feedEvent(row, deps.siteUrl))
        .filter((e): e is CalendarEvent => e !== null);
      const body = buildCalendar(events, {
        name: kind === 'family' ? 'Ploom sessions' : 'Ploom: my sessions and calls',
        refreshMinutes: 60,
        stamp: new Date(now()),
      });
      return new Response(req.method === 'HEAD' ? null : body, {
        status: 200,
        headers: {
          ...headers,
          'Content-Type': 'text/calendar; charset=utf-8',
          'Content-Disposition': 'inline; filename="ploom.ics"',
        },
      });
    },
    logger,
  );
}
