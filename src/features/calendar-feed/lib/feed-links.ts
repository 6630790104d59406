/** The addresses of a calendar feed, for copying and for one-click subscribing. */
export interface FeedLinks {
  /** what to paste into a calendar app's "subscribe from URL" */
  https: string;
  /** opens the system's calendar app (Apple Calendar, Outlook for desktop) to subscribe */
  webcal: string;
  /** Google Calendar's "add by URL" with this feed filled in */
  google: string;
  /** Outlook on the web's "subscribe from web" with this feed filled in */
  outlook: string;
}

export function feedLinks(supabaseUrl: string, token: string, name = 'Ploom'): FeedLinks {
  const https = `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/calendar-feed/${encodeURIComponent(token)}.ics`;
  const webcal = https.replace(/^https?:\/\//, 'webcal://');
  return {
    https,
    webcal,
    google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
    outlook:
      `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(https)}` +
      `&name=${encodeURIComponent(name)}`,
  };
}
