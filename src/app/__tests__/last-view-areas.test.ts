import { beforeEach, describe, expect, it } from 'vitest';
import { heldSessionKey } from '@/lib/held-session';
import { keepLastView } from '@/lib/last-view';
import { LAST_VIEW_SCRIPT } from '@/lib/last-view-script';
import { AREA_PREFIXES } from '../routes.manifest';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

beforeEach(() => window.localStorage.clear());

describe("the app shell's last-view script (decision 217)", () => {
  it('draws in every signed-in area the router knows', () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    const accessToken = `${base64url({ alg: 'HS256' })}.${base64url({ sub: 'u1', session_id: 's1' })}.sig`;
    window.localStorage.setItem(
      heldSessionKey(),
      JSON.stringify({ access_token: accessToken, expires_at: expiresAt, user: { id: 'u1' } }),
    );
    for (const prefix of AREA_PREFIXES) {
      window.history.replaceState(null, '', prefix);
      document.body.innerHTML = '<div id="root"><main>Here</main></div>';
      keepLastView(prefix);
      document.body.innerHTML = '<div id="root"></div>';
      new Function(LAST_VIEW_SCRIPT)();
      expect(document.getElementById('last-view')?.textContent, prefix).toBe('Here');
    }
    window.history.replaceState(null, '', '/');
  });
});
