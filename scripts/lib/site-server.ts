import fs from 'node:fs';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview, type Plugin, type PreviewServer } from 'vite';
import { PROJECT_ROOT } from '../../local-supabase/config.ts';
import { HEADERS_FILE, headersFor, parseHeaders } from './host-headers.ts';

/**
 * Serves a production build as its static host does: `vite preview` with the project's config,
 * whose prerender plugin (vite.config.ts) answers as the build's _redirects says (a file per
 * prerendered page, the app shell for the client-rendered routes, 404.html with status 404), plus
 * the headers of the build's _headers file (host-headers.ts). No CORS headers: a host sends none.
 *
 *   tsx scripts/lib/site-server.ts <outDir> <port>
 */
export function serveSite(options: { outDir: string; port: number }): Promise<PreviewServer> {
  const outDir = path.resolve(options.outDir);
  return preview({
    root: PROJECT_ROOT,
    logLevel: 'warn',
    plugins: [hostHeaders(outDir)],
    build: { outDir },
    preview: { host: '127.0.0.1', port: options.port, strictPort: true, cors: false },
  });
}

/**
 * Puts the _headers file's headers on every answer, over what the preview's own middlewares set
 * (its file server and its index.html answer both send `no-cache`), as a host applies _headers over
 * its defaults. The file is read on each request, so a rebuild with another _headers applies at once.
 */
export function hostHeaders(outDir: string): Plugin {
  return {
    name: 'ploom-host-headers',
    // Before the prerender plugin's middleware, which answers the 404s itself.
    enforce: 'pre',
    configurePreviewServer(server) {
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [outDir, port] = process.argv.slice(2);
  if (!outDir || !port) throw new Error('usage: tsx scripts/lib/site-server.ts <outDir> <port>');
  await serveSite({ outDir, port: Number(port) });
}
