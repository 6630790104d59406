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
