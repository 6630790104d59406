import fs from 'node:fs';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Plugin } from 'vite';
import { matchesPattern } from '../prerender.ts';

/**
 * The headers a static host sends for a path, from the build's _headers file (public/_headers, in
 * the format Netlify and Cloudflare Pages read) and the hosts' own default.
 */
export const HEADERS_FILE = '_headers';

/** What Netlify and Cloudflare Pages send for a path no rule of _headers names. */
export const HOST_DEFAULT_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'public, max-age=0, must-revalidate',
};

export interface HeaderRule {
  /** `/assets/*` (`*` the rest of the path), `/page/:name` (one segment), or a path */
  path: string;
  headers: [name: string, value: string][];
}

/**
 * Reads a _headers file: a path on a line of its own, then its headers indented as `Name: value`;
 * `#` starts a comment. Throws on a line it cannot read, so a broken file fails before it is served.
 */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\s+$/, '');
    const where = `${HEADERS_FILE} line ${index + 1}`;
    if (!line.trim() || line.trim().startsWith('#')) return;
    if (!/^\s/.test(line)) {
      if (!line.startsWith('/')) throw new Error(`${where}: a rule starts with a path ("/…"): ${line}`);
      if (/\*/.test(line.replace(/\/\*$/, ''))) {
        throw new Error(`${where}: "*" only as the path's last segment ("/assets/*"): ${line}`);
      }
      rules.push({ path: line, headers: [] });
      return;
    }
    const header = /^\s+([A-Za-z0-9-]+):\s*(.*)$/.exec(line);
    if (!header) throw new Error(`${where}: a header is "Name: value", indented: ${line.trim()}`);
    const rule = rules[rules.length - 1];
    if (!rule) throw new Error(`${where}: a header before any path: ${line.trim()}`);
    rule.headers.push([header[1], header[2]]);
  });
  return rules;
}

/**
 * The headers for a request's path (names in lower case): every rule whose path matches adds its
 * headers, two values of one header are joined (as Cloudflare Pages does), and the hosts' default
 * fills what no rule sets. It goes by the path asked for, not the file answered: /login answered
 * with the app shell gets /login's headers.
 */
export function headersFor(pathname: string, rules: HeaderRule[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (!matchesPattern(rule.path, pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
    }
  }
  return { ...HOST_DEFAULT_HEADERS, ...headers };
}

/**
 * Puts the build's _headers on every answer of `vite preview` (vite.config.ts registers it, so the
 * end-to-end tests, the benchmarks and `npm start` all get them), over what the preview's own
 * middlewares set (its file server and its index.html answers both send `no-cache`), as a host
 * applies _headers over its defaults. The file is read on each request, so a rebuild with another
 * _headers applies at once.
 */
export function hostHeaders(): Plugin {
  return {
    name: 'ploom-host-headers',
    // Before the prerender plugin's middleware, which answers the 404s itself.
    enforce: 'pre',
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, res, next) => {
        const file = path.join(outDir, HEADERS_FILE);
        const rules = fs.existsSync(file) ? parseHeaders(fs.readFileSync(file, 'utf8')) : [];
        const headers = headersFor(new URL(req.url ?? '/', 'http://x').pathname, rules);
        withHeadersOnWrite(res, headers);
        next();
      });
    },
  };
}

/** Sets `headers` when the answer's head is written, over any set before or given to writeHead. */
function withHeadersOnWrite(res: ServerResponse, headers: Record<string, string>) {
  const writeHead = res.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    // Headers passed to writeHead win over setHeader: drop theirs for the names set here.
    const given = args.find((arg): arg is OutgoingHttpHeaders => !!arg && typeof arg === 'object');
    if (given && !Array.isArray(given)) {
      for (const name of Object.keys(given)) if (name.toLowerCase() in headers) delete given[name];
    }
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}
