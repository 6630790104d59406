import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendPageLeave, type PageLeaveEvent } from '../lib/send-page-leave';

const event: PageLeaveEvent = {
  session_id: 'session_1_abc',
  event_type: 'page_leave',
  page_path: '/coaching',
  duration_seconds: 12,
  device_type: 'mobile',
};

const originalBeacon = navigator.sendBeacon;
afterEach(() => {
  Object.defineProperty(navigator, 'sendBeacon', { value: originalBeacon, configurable: true });
});

describe('sendPageLeave', () => {
  it('uses a beacon with the anon key in the URL and a text/plain JSON body', async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    sendPageLeave(event);
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('http://127.0.0.1:54321/functions/v1/track-page-leave?apikey=test-anon-key');
    expect(body.type).toBe('text/plain');
    expect(JSON.parse(await body.text())).toEqual(event);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch with the apikey header, and ignores its failure', () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline'));
    expect(() => sendPageLeave(event)).not.toThrow();
    expect(fetchSpy).toHaveBeenCalledWith(
      'http://127.0.0.1:54321/functions/v1/track-page-leave',
      expect.objectContaining({
        method: 'POST',
        keepalive: true,
        headers: expect.objectContaining({ apikey: 'test-anon-key' }),
        body: JSON.stringify(event),
      }),
    );
  });
});
