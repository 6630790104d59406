import { beforeEach, describe, expect, it } from 'vitest';
import {
  ENTRY_KEY,
  SESSION_ID_KEY,
  createSessionId,
  getAttribution,
  getSessionId,
  readUtm,
  rememberLanding,
} from '@/lib/attribution';

beforeEach(() => sessionStorage.clear());

describe('analytics session id', () => {
  it('has the form session_{timestamp}_{random}', () => {
    expect(createSessionId(1700000000000)).toMatch(/^session_1700000000000_[a-z0-9]+$/);
    expect(getSessionId()).toMatch(/^session_\d{13}_[a-z0-9]+$/);
  });

  it('is created once per browser session and kept in sessionStorage', () => {
    const first = getSessionId();
    expect(sessionStorage.getItem(SESSION_ID_KEY)).toBe(first);
    expect(getSessionId()).toBe(first);
  });

  it('starts afresh in a new browser session', () => {
    const first = getSessionId();
    sessionStorage.clear();
    expect(getSessionId()).not.toBe(first);
  });
});

describe('landing attribution', () => {
  it('keeps the first landing path and its UTM parameters for the session', () => {
    rememberLanding('/coaching', '?utm_source=facebook&utm_campaign=spring&utm_medium=');
    rememberLanding('/pricing', '?utm_source=google');
    expect(getAttribution()).toEqual({
      landing_path: '/coaching',
      utm_source: 'facebook',
      utm_medium: null,
      utm_campaign: 'spring',
      utm_term: null,
      utm_content: null,
    });
  });

  it('reads every UTM parameter', () => {
    expect(readUtm('?utm_term=calm+kids&utm_content=video')).toMatchObject({
      utm_term: 'calm kids',
      utm_content: 'video',
      utm_source: null,
    });
  });
});

describe('the page the visit started on', () => {
  it("is the one the site's first script noted, even when the tracker first sees another page", () => {
    // what the inline script of index.html keeps on the first page load of the tab
    sessionStorage.setItem(ENTRY_KEY, '/coaching?utm_source=facebook&utm_campaign=spring');
    const attribution = rememberLanding('/request-fit-call', '');
    expect(attribution).toMatchObject({
      landing_path: '/coaching',
      utm_source: 'facebook',
      utm_campaign: 'spring',
    });
    expect(getAttribution()).toEqual(attribution);
  });

  it('is the page the tracker sees when nothing was noted (storage blocked at first)', () => {
    expect(rememberLanding('/pricing', '?utm_source=ig')).toMatchObject({
      landing_path: '/pricing',
      utm_source: 'ig',
    });
  });
});
