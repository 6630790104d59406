import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';

/** Forwarding one request to a function's process and streaming its answer back. */

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

/**
 * The request's headers minus hop-by-hop ones, with the client's address appended to
 * `X-Forwarded-For` as a proxy in front of Supabase's edge runtime does: the last entry is the one
 * this stack saw, so a function that limits per client can trust it (earlier entries are the
 * client's own claims).
 */
export function forwardHeaders(req: IncomingMessage, bodyLength: number): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(key) || key === 'content-length') continue;
    out[key] = value;
  }
  if (bodyLength > 0 || req.headers['content-length'] !== undefined) {
    out['content-length'] = String(bodyLength);
  }
  const client = clientAddress(req);
  if (client) {
    const earlier = req.headers['x-forwarded-for'];
    const chain = (Array.isArray(earlier) ? earlier.join(', ') : (earlier ?? '')).trim();
    out['x-forwarded-for'] = chain ? `${chain}, ${client}` : client;
  }
  return out;
}

/** The peer's IP address, without the IPv4-mapped IPv6 prefix Node reports on dual-stack sockets. */
function clientAddress(req: IncomingMessage): string | undefined {
  const address = req.socket.remoteAddress;
  return address?.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

function responseHeaders(headers: IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(key)) continue;
    out[key] = value;
  }
  return out;
}

/** Sends the buffered request to the function; resolves once its answer has been streamed back. */
export function proxy(
  port: number,
  req: IncomingMessage,
  res: ServerResponse,
  forwardPath: string,
  body: Buffer,
  agent: http.Agent,
): Promise<'done' | 'unreachable' | 'failed'> {
  return new Promise((resolve, reject) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: forwardPath,
        headers: forwardHeaders(req, body.length),
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders(answer.headers));
        answer.pipe(res);
        answer.once('end', () => resolve('done'));
        answer.once('error', reject);
        res.once('close', () => {
          if (!answer.complete) answer.destroy();
          resolve('done');
        });
      },
    );
    upstream.once('error', (error: NodeJS.ErrnoException) => {
      if (res.headersSent) return reject(error);
      // Only a request the function cannot have seen is sent again: nothing listened (the process
      // died between requests). A POST that crashed the function is not repeated: it may already
      // have sent an email. (Connections are not kept alive, so a reset always means a crash.)
      resolve(error.code === 'ECONNREFUSED' ? 'unreachable' : 'failed');
    });
    upstream.end(body);
  });
}
