/**
 * Where the visit started, noted by the site's first script before anything else: the page
 * tracker, which keeps the visit's landing page and campaign (src/lib/attribution.ts), loads after
 * the first paint, when the visitor may already have moved on. Kept for the tab's session; never
 * in the child area (which records nothing but an anonymous page view).
 */
// the key of src/lib/attribution.ts (not imported: this script stays a few bytes)
const ENTRY_KEY = 'ploom_entry';

try {
  const { pathname, search } = window.location;
  if (!/^\/child(\/|$)/.test(pathname) && !sessionStorage.getItem(ENTRY_KEY)) {
    sessionStorage.setItem(ENTRY_KEY, pathname + search);
  }
} catch {
  // Storage blocked: the tracker then takes the page it first sees.
}
