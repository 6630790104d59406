import http from 'node:http';
import type { HttpService, UpgradeService, StackContext } from './types.ts';
import { CORS_HEADERS, HttpError, sendJson } from './http.ts';

/**
 * The API gateway, routing as Supabase's does: /rest/v1, /auth/v1, /realtime/v1, /functions/v1.
 */
export function createGateway(
  ctx: StackContext,
  services: {
    rest: HttpService;
    auth: HttpService;
    functions: HttpService;
    realtime: UpgradeService & HttpService;
  },
) {
  const routes: [string, HttpService][] = [
    ['/rest/v1', services.rest],
    ['/auth/v1', services.auth],
    ['/functions/v1', services.functions],
    ['/realtime/v1', services.realtime],
  ];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const route = routes.find(([prefix]) => url.pathname === prefix || url.pathname.startsWith(prefix + '/'));
    try {
      if (!route) {
        if (req.method === 'OPTIONS') return void res.writeHead(204, CORS_HEADERS).end();
        if (url.pathname === '/' || url.pathname === '/health') {
          return sendJson(res, 200, { status: 'ok' });
        }
        return sendJson(res, 404, { message: 'no Route matched with those values' });
      }
      const [prefix, service] = route;
      // Functions answer their own preflight; REST and Auth get the gateway's.
      if (req.method === 'OPTIONS' && prefix !== '/functions/v1') {
        return void res.writeHead(200, CORS_HEADERS).end();
      }
      await service.handle(req, res, url.pathname.slice(prefix.length) || '/', url);
    } catch (error) {
      if (res.headersSent) return void res.end();
      if (error instanceof HttpError) return sendJson(res, error.status, error.body);
      ctx.log('gateway', `${req.method} ${url.pathname}: ${(error as Error).stack ?? String(error)}`);
      sendJson(res, 500, { code: 'unexpected_failure', message: 'Internal server error' });
    }
  });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/realtime/v1/websocket')) {
      services.realtime.handleUpgrade(req, socket, head);
    } else {
      socket.destroy();
    }
  });
  server.keepAliveTimeout = 5000;
  return server;
}
