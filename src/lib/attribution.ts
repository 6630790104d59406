/**
 * The visitor's browser session as analytics and the lead forms share it: the analytics session
 * id and where the session started (first landing path and its UTM parameters). Kept in
 * sessionStorage, so it lasts for the tab's session and is never shared across visitors.
 */
export const SESSION_ID_KEY = 'ploom_analytics_session_id';
export const ATTRIBUTION_KEY = 'ploom_attribution';
export const ENTRY_KEY = 'ploom_entry';

export const utmKeys = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof utmKeys)[number];

export interface Attribution {
  landing_path: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings); analytics then works per page.
    return null;
  }
}

let memorySessionId: string | undefined;

/** A new id of the form session_{timestamp}_{random}. */
export function createSessionId(now = Date.now()): string {
  return `session_${now}_${Math.random().toString(36).slice(2, 11)}`;
}

/** The analytics session id: created once per browser session, kept in sessionStorage. */
export function getSessionId(): string {
  const store = storage();
  if (store) {
    const existing = store.getItem(SESSION_ID_KEY);
    if (existing) return existing;
    const id = createSessionId();
    try {
      store.setItem(SESSION_ID_KEY, id);
      return id;
    } catch {
      // Storage full or blocked: fall back to one id for this page's life.
    }
  }
  memorySessionId ??= createSessionId();
  return memorySessionId;
}

/** Reads the UTM parameters of a query string (empty values become null). */
export function readUtm(search: string): Record<UtmKey, string | null> {
  const params = new URLSearchParams(search);
  return Object.fromEntries(utmKeys.map((key) => [key, params.get(key)?.trim() || null])) as Record<
    UtmKey,
    string | null
  >;
}

/**
 * Remembers the first page of the session and its UTM parameters; later calls keep the first. The
 * page the site's first script noted (an inline script of index.html) wins over the one given here.
 */
export function rememberLanding(pathname: string, search: string): Attribution {
  const current = getAttribution();
  if (current) return current;
  const entry = storage()?.getItem(ENTRY_KEY);
  if (entry) {
    const url = new URL(entry, 'http://entry.invalid');
    pathname = url.pathname;
    search = url.search;
  }
  const attribution: Attribution = { landing_path: pathname, ...readUtm(search) };
  try {
    storage()?.setItem(ATTRIBUTION_KEY, JSON.stringify(attribution));
  } catch {
    // Not kept: the forms then fall back to the current page.
  }
  return attribution;
}

/** Where this session started, if known. */
export function getAttribution(): Attribution | null {
  const raw = storage()?.getItem(ATTRIBUTION_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Attribution>;
    if (typeof parsed.landing_path !== 'string') return null;
    return {
      landing_path: parsed.landing_path,
      utm_source: parsed.utm_source ?? null,
      utm_medium: parsed.utm_medium ?? null,
      utm_campaign: parsed.utm_campaign ?? null,
      utm_term: parsed.utm_term ?? null,
      utm_content: parsed.utm_content ?? null,
    };
  } catch {
    return null;
  }
}

/** The attribution columns every lead table shares: the analytics session and where it started. */
export interface AttributionColumns {
  analytics_session_id: string;
  landing_path: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
}

/** The columns a lead row carries to tell which landing variant and campaign it came from. */
export function attributionColumns(fallbackLandingPath: string | null = null): AttributionColumns {
  const attribution = getAttribution();
  return {
    analytics_session_id: getSessionId(),
    landing_path: attribution?.landing_path ?? fallbackLandingPath,
    utm_source: attribution?.utm_source ?? null,
    utm_medium: attribution?.utm_medium ?? null,
    utm_campaign: attribution?.utm_campaign ?? null,
    utm_term: attribution?.utm_term ?? null,
    utm_content: attribution?.utm_content ?? null,
  };
}
