import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { HEADERS_FILE } from './host-headers.ts';

/**
 * The site's Content Security Policy, written at build time into the build's _headers file
 * (decision 228). It names what only the build knows: the hashes of the inline scripts the built
 * pages carry (the landing pages' boot script, the app shell's last-view and preload scripts,
 * index.html's note of where a visit started) and the Supabase project's API origin the site talks to. The other
 * security headers, the same for every build, are written in public/_headers.
 */
export const CSP_HEADER = 'Content-Security-Policy';

/** The rule of _headers that every path matches: the policy goes there, once. */
export const EVERY_PATH = '/*';

/**
 * Cloudflare Pages reads at most 2,000 characters a line of _headers; a longer policy (many more
 * inline scripts) would be cut there, so the build refuses it.
 */
export const MAX_HEADER_LINE = 2000;

/** `type` values of a script the browser runs; any other type is a data block (JSON) CSP ignores. */
const SCRIPT_TYPES = new Set([
  '',
  'module',
  'importmap',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
  'application/ecmascript',
]);

/** A tag's attributes, by lower-case name ('' for one written without a value). */
function attributesOf(tagAttributes: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, ...values] of tagAttributes.matchAll(
    /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
  )) {
    const key = name.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, values.find((value) => value !== undefined) ?? '');
  }
  return attributes;
}

/**
 * The CSP source expressions (`'sha256-…'`) of an HTML page's inline scripts, in the order they
 * appear: the SHA-256 of each script's text exactly as written, as the browser hashes it. Scripts
 * with a `src` load from the site ('self') and data blocks never run: neither needs a hash.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const named = attributesOf(attributes);
    if (named.has('src')) continue;
    const type = (named.get('type') ?? '').trim().toLowerCase();
    if (!SCRIPT_TYPES.has(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href']);

/**
 * Inline event handlers (`onclick="…"`) and `javascript:` URLs in a page's tags: the policy blocks
 * both (hashes cover <script> elements only), so a page carrying one would break without a word.
 */
export function blockedInlineCode(html: string): string[] {
  const found: string[] = [];
  // Tags only: not the text of scripts, styles and comments, which may well read `a<b` or `onload=`.
  const markup = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi, '');
  for (const [tag, attributes] of markup.matchAll(/<[a-zA-Z][^\s/>]*([^>]*)>/g)) {
    for (const [name, value] of attributesOf(attributes)) {
      const where = tag.length > 80 ? `${tag.slice(0, 77)}...` : tag;
      if (/^on[a-z]+$/.test(name)) found.push(`${name} in ${where}`);
      else if (URL_ATTRIBUTES.has(name) && /^\s*javascript:/i.test(value))
        found.push(`a javascript: URL in ${where}`);
    }
  }
  return found;
}

/**
 * The API origin as connect-src names it: HTTPS for the REST, Auth and function calls, and the same
 * host over WebSocket for Realtime (wss: beside https:, ws: beside the local stack's http:).
 */
export function apiSources(supabaseUrl: string): string[] {
  let url: URL;
  try {
    url = new URL(supabaseUrl);
  } catch {
    throw new Error(`VITE_SUPABASE_URL is not a URL: ${supabaseUrl}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`VITE_SUPABASE_URL must be an http(s) URL: ${supabaseUrl}`);
  }
  const socket = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return [url.origin, `${socket}//${url.host}`];
}

/** The policy for the site's pages, as one header value. */
export function contentSecurityPolicy(options: {
  supabaseUrl: string;
  scriptHashes: Iterable<string>;
}): string {
  const hashes = [...new Set(options.scriptHashes)].sort();
  const directives: [name: string, ...sources: string[]][] = [
    ['default-src', "'self'"],
    // The app's modules from the site; inline scripts only by the hash of what the build wrote.
    ['script-src', "'self'", ...hashes],
    // 'unsafe-inline' for styles only: the dialogs' scroll lock adds a <style> element whose text
    // changes with the scroll bar's width, and pages carry style attributes (progress bars, the
    // kept last view, the email previews' iframe): hashes cannot name either. Scripts stay hashed.
    ['style-src', "'self'", "'unsafe-inline'"],
    // data: for the two-factor QR code and the logo downloads, blob: for pictures made in the page.
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...apiSources(options.supabaseUrl)],
    // The session room plays camera streams.
    ['media-src', "'self'", 'blob:', 'mediastream:'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    // Forms post nowhere else: billing goes to Stripe by a redirect, not a form.
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/**
 * A _headers file with `Content-Security-Policy: <policy>` added to its rule for every path (`/*`),
 * after that rule's own headers. Throws when the file has no such rule, or sets the policy itself:
 * two policies a page would both enforce.
 */
export function withContentSecurityPolicy(headersFile: string, policy: string): string {
  const lines = headersFile.split('\n');
  const isPath = (line: string) => /^\//.test(line);
  const start = lines.findIndex((line) => line.trimEnd() === EVERY_PATH);
  if (start < 0)
    throw new Error(`${HEADERS_FILE} has no rule for every path (${EVERY_PATH}) to add the policy to`);
  let last = start;
  for (let i = start + 1; i < lines.length && !isPath(lines[i]); i++) {
    if (/^\s+[A-Za-z0-9-]+:/.test(lines[i])) last = i;
  }
  if (lines.some((line) => new RegExp(`^\\s+${CSP_HEADER}:`, 'i').test(line))) {
    throw new Error(
      `${HEADERS_FILE} sets ${CSP_HEADER} itself: the build writes it (scripts/lib/security-headers.ts)`,
    );
  }
  const header = `  ${CSP_HEADER}: ${policy}`;
  if (header.length > MAX_HEADER_LINE) {
    throw new Error(
      `${CSP_HEADER} is ${header.length} characters, more than a host reads on a line (${MAX_HEADER_LINE})`,
    );
  }
  return [...lines.slice(0, last + 1), header, ...lines.slice(last + 1)].join('\n');
}

/** Every .html file below `dir`. */
function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => path.join(dir, file))
    .sort();
}

/**
 * Reads the built pages of `outDir`, hashes their inline scripts and adds the policy to the build's
 * _headers (copied there from public/_headers). Throws when a page carries inline code the policy
 * would block, so the build fails rather than the page.
 */
export function writeContentSecurityPolicy(
  outDir: string,
  supabaseUrl: string | undefined,
): { policy: string; scriptHashes: number; pages: number } {
  if (!supabaseUrl) throw new Error(`VITE_SUPABASE_URL must be set: ${CSP_HEADER} names the API's origin`);
  const file = path.join(outDir, HEADERS_FILE);
  if (!fs.existsSync(file))
    throw new Error(`${file} is missing: public/${HEADERS_FILE} is copied there by the build`);
  const pages = htmlFiles(outDir);
  const hashes = new Set<string>();
  for (const page of pages) {
    const html = fs.readFileSync(page, 'utf8');
    const blocked = blockedInlineCode(html);
    if (blocked.length) {
      throw new Error(
        `${path.relative(outDir, page)} has inline code ${CSP_HEADER} blocks: ${blocked.join('; ')}`,
      );
    }
    for (const hash of inlineScriptHashes(html)) hashes.add(hash);
  }
  const policy = contentSecurityPolicy({ supabaseUrl, scriptHashes: hashes });
  fs.writeFileSync(file, withContentSecurityPolicy(fs.readFileSync(file, 'utf8'), policy));
  return { policy, scriptHashes: hashes.size, pages: pages.length };
}
