import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../local-supabase/config.ts';
import { bootScript, deferAppScripts } from '../prerender.ts';
import { headersFor, parseHeaders } from './host-headers.ts';
import {
  apiSources,
  blockedInlineCode,
  contentSecurityPolicy,
  inlineScriptHashes,
  MAX_HEADER_LINE,
  withContentSecurityPolicy,
  writeContentSecurityPolicy,
} from './security-headers.ts';

/**
 * The security headers the host sends for every path (decision 228): public/_headers holds the
 * fixed ones, and the build adds the Content-Security-Policy for what it emitted: the hashes of the
 * pages' inline scripts and the Supabase project's origin.
 */
const publicHeaders = fs.readFileSync(path.join(PROJECT_ROOT, 'public', '_headers'), 'utf8');
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The policy's directives by name. */
function directives(policy: string): Record<string, string> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources.join(' ')];
    }),
  );
}

describe('the inline scripts a page carries', () => {
  it('are hashed as the browser hashes them: the text between the tags, exactly', () => {
    // Hashes worked out apart from this code (openssl dgst -sha256 -binary | base64).
    expect(inlineScriptHashes('<p>x</p><script>alert(1)</script>')).toEqual([
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
    ]);
    expect(inlineScriptHashes(`<script>\n      window.x = 1;\n    </script>`)).toEqual([
      "'sha256-RZ+7FYsBaPaEdfv+syM4uWW/ZR/1yxy8XJA5jmSZhoQ='",
    ]);
    expect(inlineScriptHashes(`<SCRIPT type="text/javascript">document.title='hi'</script >`)).toEqual([
      "'sha256-G93QE3wh4C4da/ypgnDaJcd7xiRZHWu7DURoFZ8djQ8='",
    ]);
  });

  it('skips scripts loaded from a file and data blocks, which need no hash', () => {
    const html = [
      '<script type="module" crossorigin src="/assets/index-B3xY9aQz.js"></script>',
      "<script src='/a.js'></script>",
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script type="module">import "/assets/x.js"</script>',
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([sha256('import "/assets/x.js"')]);
  });

  it("finds a prerendered page's scripts: the visit's entry note and the boot script", () => {
    const entry = '/assets/index-B3xY9aQz.js';
    const note = "try { sessionStorage.setItem('ploom_entry', location.pathname) } catch (e) {}";
    const built = [
      '<!doctype html><html><head><title>Ploom</title></head><body>',
      `<script>${note}</script>`,
      '<div id="root"></div>',
      `<script type="module" crossorigin src="${entry}"></script>`,
      '</body></html>',
    ].join('\n');
    expect(inlineScriptHashes(deferAppScripts(built))).toEqual([sha256(note), sha256(bootScript(entry))]);
  });

  it('reports inline event handlers and javascript: URLs, which no hash allows', () => {
    expect(blockedInlineCode('<button onclick="go()">Go</button>')).toEqual([
      'onclick in <button onclick="go()">',
    ]);
    expect(blockedInlineCode('<a href=" javascript:void(0)">x</a>')).toEqual([
      'a javascript: URL in <a href=" javascript:void(0)">',
    ]);
    // Words in text, scripts, comments and other attributes are no code.
    const harmless = [
      '<p>Sign on=now</p>',
      '<script>if(a<b&&x.onload=1)y()</script>',
      '<!-- <img onerror="x"> -->',
      '<img alt="javascript: the good parts" data-onload="x" src="/a.png">',
    ].join('');
    expect(blockedInlineCode(harmless)).toEqual([]);
  });
});

describe('the Content-Security-Policy', () => {
  const hashes = [sha256('b()'), sha256('a()')];
  const hosted = directives(
    contentSecurityPolicy({ supabaseUrl: 'https://abcd.supabase.co', scriptHashes: [...hashes, hashes[0]] }),
  );

  it('lets the site talk to its Supabase project: HTTPS, and WebSocket for Realtime', () => {
    expect(hosted['connect-src']).toBe("'self' https://abcd.supabase.co wss://abcd.supabase.co");
    // The local stack the tests and `npm start` build against speaks plain HTTP and WebSocket.
    expect(apiSources('http://127.0.0.1:55321')).toEqual(['http://127.0.0.1:55321', 'ws://127.0.0.1:55321']);
    // The origin only: a path or a trailing slash in the setting names the same origin.
    expect(apiSources('https://api.ploom.example/')).toEqual([
      'https://api.ploom.example',
      'wss://api.ploom.example',
    ]);
    expect(() => apiSources('abcd.supabase.co')).toThrow(/not a URL/);
    expect(() => apiSources('ftp://abcd.supabase.co')).toThrow(/http\(s\)/);
  });

  it('runs scripts from the site and the inline scripts it hashed, nothing else', () => {
    expect(hosted['script-src']).toBe(`'self' ${[...hashes].sort().join(' ')}`);
    expect(hosted['script-src']).not.toMatch(/unsafe/);
  });

  it('has every rule', () => {
    expect(Object.keys(hosted)).toEqual([
      'default-src',
      'script-src',
      'style-src',
      'img-src',
      'font-src',
      'connect-src',
      'media-src',
      'object-src',
      'base-uri',
      'form-action',
      'frame-ancestors',
    ]);
    expect(hosted).toMatchObject({
      'default-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob:",
      'font-src': "'self'",
      'media-src': "'self' blob: mediastream:",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
  });
});

describe("the build's _headers", () => {
  const policy = contentSecurityPolicy({ supabaseUrl: 'https://abcd.supabase.co', scriptHashes: [] });

  it('public/_headers sends the fixed security headers on every path, and leaves the policy to the build', () => {
    const rules = parseHeaders(publicHeaders);
    for (const pathname of [
      '/',
      '/login',
      '/app',
      '/app/schedule/1',
      '/no-such-page',
      '/assets/index-B3.js',
    ]) {
      expect(headersFor(pathname, rules), pathname).toMatchObject({
        'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
      });
      expect(headersFor(pathname, rules)['content-security-policy'], pathname).toBeUndefined();
    }
    const permissions = headersFor('/', rules)['permissions-policy'].split(/,\s*/);
    // The session room's camera, microphone and screen sharing, on the site itself only.
    for (const feature of ['camera=(self)', 'microphone=(self)', 'display-capture=(self)']) {
      expect(permissions).toContain(feature);
    }
    for (const feature of ['geolocation=()', 'payment=()', 'usb=()']) expect(permissions).toContain(feature);
  });

  it('gets the policy in its rule for every path, once, beside the other headers', () => {
    const written = withContentSecurityPolicy(publicHeaders, policy);
    const rules = parseHeaders(written);
    expect(rules.map((rule) => rule.path)).toEqual(parseHeaders(publicHeaders).map((rule) => rule.path));
    for (const pathname of ['/', '/login', '/app', '/assets/index-B3.js']) {
      const headers = headersFor(pathname, rules);
      expect(headers['content-security-policy'], pathname).toBe(policy);
      expect(headers['x-content-type-options'], pathname).toBe('nosniff');
    }
    expect(headersFor('/assets/index-B3.js', rules)['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('refuses a file it cannot add the policy to, or one that sets a policy of its own', () => {
    expect(() => withContentSecurityPolicy('/assets/*\n  Cache-Control: no-store\n', policy)).toThrow(
      /no rule for every path/,
    );
    expect(() =>
      withContentSecurityPolicy("/*\n  Content-Security-Policy: default-src 'none'\n", policy),
    ).toThrow(/sets Content-Security-Policy itself/);
    expect(() =>
      withContentSecurityPolicy('/*\n  X-Content-Type-Options: nosniff\n', 'x'.repeat(MAX_HEADER_LINE)),
    ).toThrow(/more than a host reads/);
  });
});

describe('writeContentSecurityPolicy, as the build runs it', () => {
  let outDir: string | undefined;
  afterEach(() => {
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  });

  function build(files: Record<string, string>) {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ploom-csp-test-'));
    for (const [file, text] of Object.entries({ _headers: publicHeaders, ...files })) {
      fs.mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
      fs.writeFileSync(path.join(outDir, file), text);
    }
    return outDir;
  }

  it("hashes every built page's inline scripts and names the API the build was made for", () => {
    const dir = build({
      'index.html': '<script>note()</script><script>boot()</script>',
      'coaching/index.html': '<script>note()</script><script>boot()</script>',
      '200.html':
        '<script>note()</script><script>start()</script><div id="root"></div><script>draw()</script>',
      '404.html': '<script>note()</script><script>boot()</script>',
      'assets/index-B3.js': 'export {}',
    });
    const result = writeContentSecurityPolicy(dir, 'http://127.0.0.1:55321');
    expect(result).toMatchObject({ scriptHashes: 4, pages: 4 });
    const headers = headersFor('/login', parseHeaders(fs.readFileSync(path.join(dir, '_headers'), 'utf8')));
    const policy = directives(headers['content-security-policy']);
    expect(policy['script-src'].split(' ').sort()).toEqual(
      ["'self'", ...['note()', 'boot()', 'start()', 'draw()'].map(sha256)].sort(),
    );
    expect(policy['connect-src']).toBe("'self' http://127.0.0.1:55321 ws://127.0.0.1:55321");
  });

  it('fails the build on a page with inline code the policy blocks, or without the API URL', () => {
    expect(() =>
      writeContentSecurityPolicy(build({ 'index.html': '<body onload="go()">' }), 'https://a.supabase.co'),
    ).toThrow(/index\.html has inline code Content-Security-Policy blocks: onload/);
    expect(() => writeContentSecurityPolicy(build({ 'index.html': '' }), undefined)).toThrow(
      /VITE_SUPABASE_URL/,
    );
  });
});
