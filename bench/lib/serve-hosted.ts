/**
 * Serves a production build the way it is hosted: over HTTPS with HTTP/2, the site from a static
 * host and the API from the project's own origin, as a CDN and hosted Supabase both do. The local
 * stack's gateway speaks HTTP/1.1 without TLS; this puts an HTTP/2 front before it.
 *
 *   tsx bench/lib/serve-hosted.ts <outDir> <sitePort> <apiPort> <gatewayUrl> <certDir>
 *
 * The certificate is self-signed (`certificateFor`); the measuring browser is started with
 * --ignore-certificate-errors.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';

/** A self-signed certificate for 127.0.0.1 in `dir` (made once). */
export function certificateFor(dir: string): { key: string; cert: string } {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  if (!fs.existsSync(cert)) {
    fs.mkdirSync(dir, { recursive: true });
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    if (made.status !== 0) throw new Error('openssl could not make a certificate');
  }
  return { key, cert };
}

/** Headers HTTP/2 does not carry, or that name the hop rather than the message. */
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'host']);

function apiFront(port: number, gateway: URL, tls: { key: Buffer; cert: Buffer }) {
  const server = http2.createSecureServer({ ...tls, allowHTTP1: true }, (req, res) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (name.startsWith(':') || HOP.has(name) || value === undefined) continue;
      headers[name] = value;
    }
    headers.host = gateway.host;
    const upstream = http.request(
      { host: gateway.hostname, port: gateway.port, method: req.method, path: req.url, headers },
      (answer) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP.has(name) && value !== undefined) out[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  // Realtime's WebSocket comes over HTTP/1.1 (an upgrade): passed through as bytes.
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const upstream = net.connect(Number(gateway.port), gateway.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i];
        lines.push(`${name}: ${name.toLowerCase() === 'host' ? gateway.host : req.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  server.listen(port, '127.0.0.1');
  return server;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [outDir, sitePort, apiPort, gatewayUrl, certDir] = process.argv.slice(2);
  const files = certificateFor(certDir);
  const tls = { key: fs.readFileSync(files.key), cert: fs.readFileSync(files.cert) };
  if (apiPort !== '0') apiFront(Number(apiPort), new URL(gatewayUrl), tls);
  // Vite serves HTTP/2 when given a certificate and no proxy; the build's own preview rules apply.
  await preview({
    logLevel: 'silent',
    build: { outDir },
    preview: { host: '127.0.0.1', port: Number(sitePort), strictPort: true, https: tls },
  });
}
