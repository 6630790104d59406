import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview, type PreviewServer } from 'vite';
import { PROJECT_ROOT } from '../../local-supabase/config.ts';

/**
 * Serves a production build as its static host does: `vite preview` with the project's config,
 * whose prerender plugin (vite.config.ts) answers as the build's _redirects says (a file per
 * prerendered page, the app shell for the client-rendered routes, 404.html with status 404), and
 * whose hostHeaders plugin (host-headers.ts) sends the headers of the build's _headers file, the
 * security headers and the policy the build wrote among them. No CORS headers: a host sends none.
 *
 *   tsx scripts/lib/site-server.ts <outDir> <port>
 */
export function serveSite(options: { outDir: string; port: number }): Promise<PreviewServer> {
  const outDir = path.resolve(options.outDir);
  return preview({
    root: PROJECT_ROOT,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: options.port, strictPort: true, cors: false },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [outDir, port] = process.argv.slice(2);
  if (!outDir || !port) throw new Error('usage: tsx scripts/lib/site-server.ts <outDir> <port>');
  await serveSite({ outDir, port: Number(port) });
}
