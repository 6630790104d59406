import { beforeEach, describe, expect, it } from 'vitest';
import {
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
