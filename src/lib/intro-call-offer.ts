import { paths } from '@/config/paths';

/**
 * After the intro-call request the visitor goes back to /coaching (SPEC §4), which offers them to
 * pick the call's time at once. The lead's link token rides in that address's fragment, which the
 * browser never sends to a server: no access log, page view or referrer carries it (decision 225).
 */
const KEY = 'intro-call-token';

/** /coaching with the offer to book the intro call that `token` proves. */
export function coachingWithIntroCallOffer(token: string): string {
  return `${paths.coaching}#${KEY}=${token}`;
}

/** The intro call's link token offered in a fragment (`#intro-call-token=…`); only a 64-hex token counts. */
export function introCallOfferToken(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(KEY);
  return value && /^[0-9a-f]{64}$/.test(value) ? value : null;
}
