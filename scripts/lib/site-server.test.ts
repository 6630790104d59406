import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../local-supabase/config.ts';
import { headersFor, HOST_DEFAULT_HEADERS, parseHeaders } from './host-headers.ts';
import { contentSecurityPolicy, withContentSecurityPolicy } from './security-headers.ts';
import { serveSite } from './site-server.ts';

/**
 * The site `npm start` serves answers as its static host does: the pages, the app shell and the
 * 404s the build's _redirects names, and the headers of the build's _headers (hashed assets cached
 * for good, everything else asked again each time; the security headers and the policy on all).
 */
const headersFile = fs.readFileSync(path.join(PROJECT_ROOT, 'public', '_headers'), 'utf8');
const rules = parseHeaders(headersFile);
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = HOST_DEFAULT_HEADERS['cache-control'];

describe('public/_headers, as the host reads it', () => {
  it('caches the hashed assets for good', () => {
    expect(headersFor('/assets/index-B3xY9aQz.js', rules)['cache-control']).toBe(IMMUTABLE);
    expect(headersFor('/assets/area-dashboard-C2g7R9HI.js', rules)['cache-control']).toBe(IMMUTABLE);
    expect(headersFor('/assets/index-Dk2l0Pq1.css', rules)['cache-control']).toBe(IMMUTABLE);
  });

  it('has the browser ask again for pages and unhashed files', () => {
    for (const pathname of ['/', '/login', '/app', '/app/schedule/1', '/coaching', '/no-such-page']) {
      expect(headersFor(pathname, rules)['cache-control'], pathname).toBe(REVALIDATE);
    }
    for (const pathname of ['/robots.txt', '/route-modules.json', '/og-image.png', '/favicon.svg']) {
      expect(headersFor(pathname, rules)['cache-control'], pathname).toBe(REVALIDATE);
    }
  });

  it('reads rules, comments and the hosts’ way of combining them', () => {
    const read = parseHeaders(
      [
        '# a comment',
        '/docs/*',
        '  X-Robots-Tag: noindex',
        '/docs/:page',
        '  X-Robots-Tag: nosnippet',
        '',
      ].join('\n'),
    );
    expect(headersFor('/docs/intro', read)).toEqual({
      ...HOST_DEFAULT_HEADERS,
      'x-robots-tag': 'noindex, nosnippet',
    });
    expect(headersFor('/doc', read)).toEqual(HOST_DEFAULT_HEADERS);
  });

  it('refuses a file it cannot read rather than serve without its headers', () => {
    expect(() => parseHeaders('  Cache-Control: no-store')).toThrow(/before any path/);
    expect(() => parseHeaders('/a\n  Cache-Control no-store')).toThrow(/line 2/);
    expect(() => parseHeaders('/*.js\n  Cache-Control: no-store')).toThrow(/last segment/);
    expect(() => parseHeaders('assets/*\n  Cache-Control: no-store')).toThrow(/starts with a path/);
  });
});

describe('the served build', () => {
  // A build as scripts/prerender.ts writes it, reduced to one file of each kind, with the policy
  // the build adds to its _headers (scripts/lib/security-headers.ts).
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ploom-site-server-test-'));
  const policy = contentSecurityPolicy({ supabaseUrl: 'http://127.0.0.1:54321', scriptHashes: [] });
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>home</title>',
    'coaching/index.html': '<!doctype html><title>coaching</title>',
    '200.html': '<!doctype html><title>shell</title>',
    '404.html': '<!doctype html><title>not found</title>',
    _redirects: ['/login  /200.html  200', '/app  /200.html  200', '/app/*  /200.html  200', ''].join('\n'),
    _headers: withContentSecurityPolicy(headersFile, policy),
    'assets/entry-B3xY9aQz.js': `export const padding = '${'x'.repeat(4096)}';`,
    'robots.txt': 'User-agent: *',
  };
  let server: PreviewServer;
  let port: number;

  beforeAll(async () => {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
      fs.writeFileSync(path.join(outDir, file), text);
    }
    server = await serveSite({ outDir, port: 0 });
    port = (server.httpServer.address() as AddressInfo).port;
  }, 30_000);

  afterAll(async () => {
    await server?.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  function get(pathname: string, headers: http.OutgoingHttpHeaders = {}) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
            let body = '';
            res.setEncoding('latin1');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          })
          .on('error', reject);
      },
    );
  }

  it('answers each prerendered page with its file', async () => {
    for (const [pathname, file] of [
      ['/', 'index.html'],
      ['/coaching', 'coaching/index.html'],
    ]) {
      const answer = await get(pathname);
      expect([pathname, answer.status, answer.body]).toEqual([pathname, 200, files[file]]);
      expect(answer.headers['cache-control'], pathname).toBe(REVALIDATE);
    }
  });

  it('answers the client-rendered routes with the app shell', async () => {
    for (const pathname of ['/login', '/app', '/app/schedule/42']) {
      const answer = await get(pathname);
      expect([pathname, answer.status, answer.body]).toEqual([pathname, 200, files['200.html']]);
      expect(answer.headers['cache-control'], pathname).toBe(REVALIDATE);
    }
  });

  it('answers an unknown path with the 404 page and status 404, and never serves its own rules', async () => {
    for (const pathname of ['/no-such-page', '/_redirects', '/_headers']) {
      const answer = await get(pathname);
      expect([pathname, answer.status, answer.body]).toEqual([pathname, 404, files['404.html']]);
      expect(answer.headers['cache-control'], pathname).toBe(REVALIDATE);
    }
  });

  it('serves a hashed asset cached for good, compressed or not, and a missing one as a bare 404', async () => {
    const plain = await get('/assets/entry-B3xY9aQz.js', { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    const gzipped = await get('/assets/entry-B3xY9aQz.js', { 'accept-encoding': 'gzip' });
    expect([gzipped.status, gzipped.headers['content-encoding']]).toEqual([200, 'gzip']);
    expect(gzipped.headers['cache-control']).toBe(IMMUTABLE);
    const again = await get('/assets/entry-B3xY9aQz.js', { 'if-none-match': plain.headers.etag });
    expect([again.status, again.headers['cache-control']]).toEqual([304, IMMUTABLE]);
    const missing = await get('/assets/entry-00000000.js');
    expect([missing.status, missing.body]).toEqual([404, '']);
  });

  it("sends the build's security headers and its policy on every answer", async () => {
    for (const pathname of ['/', '/coaching', '/login', '/app/schedule/42', '/no-such-page', '/robots.txt']) {
      const answer = await get(pathname);
      expect(answer.headers['content-security-policy'], pathname).toBe(policy);
      expect(answer.headers['strict-transport-security'], pathname).toBe(
        'max-age=63072000; includeSubDomains; preload',
      );
      expect(answer.headers['x-content-type-options'], pathname).toBe('nosniff');
      expect(answer.headers['cross-origin-opener-policy'], pathname).toBe('same-origin');
    }
    const asset = await get('/assets/entry-B3xY9aQz.js');
    expect([asset.headers['cache-control'], asset.headers['content-security-policy']]).toEqual([
      IMMUTABLE,
      policy,
    ]);
  });

  it('sends no CORS headers, as a static host does not', async () => {
    const answer = await get('/', { origin: 'http://localhost:5173' });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });
});
