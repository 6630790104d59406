import { describe, expect, it } from 'vitest';
import { feedLinks } from '../lib/feed-links';

describe('feedLinks', () => {
  const token = 'ab'.repeat(32);

  it('points at the calendar-feed function, with a webcal twin for one-click subscribing', () => {
    const links = feedLinks('https://xyz.supabase.co/', token);
    expect(links.https).toBe(`https://xyz.supabase.co/functions/v1/calendar-feed/${token}.ics`);
    expect(links.webcal).toBe(`webcal://xyz.supabase.co/functions/v1/calendar-feed/${token}.ics`);
  });

  it('fills the feed into Google Calendar and Outlook on the web, encoded', () => {
    const links = feedLinks('http://127.0.0.1:54321', token, 'Ploom sessions');
    expect(new URL(links.google).searchParams.get('cid')).toBe(links.webcal);
    const outlook = new URL(links.outlook);
    expect(outlook.searchParams.get('url')).toBe(links.https);
    expect(outlook.searchParams.get('name')).toBe('Ploom sessions');
  });
});
