import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData } from 'ws';
import { handleChannelFrame, join, removeChannel } from './channels.ts';
import { headersOf, log, type Connection, type RealtimeContext } from './context.ts';
import { reply } from './frames.ts';
import { ProtocolError, decodeBinary, decodeText, type DecodedFrame, type Vsn } from './protocol.ts';
import { claimsOf, type TokenError } from './tokens.ts';

/**
 * The socket (Phoenix's socket): the WebSocket upgrade on `/realtime/v1/websocket?apikey=…&vsn=…`,
 * frames decoded and handled one at a time per socket, the `phoenix` heartbeat, and the close of a
 * socket silent for longer than the idle timeout.
 */

const VSNS = new Set<Vsn>(['1.0.0', '2.0.0']);
const MAX_FRAME_BYTES = 3 * 1024 * 1024;

export interface RealtimeSocket {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

async function handleFrame(rt: RealtimeContext, conn: Connection, frame: DecodedFrame) {
  if (frame.topic === 'phoenix') {
    if (frame.event === 'heartbeat') reply(conn, frame, 'ok');
    return;
  }
  if (frame.event === 'phx_join') return join(rt, conn, frame);
  return handleChannelFrame(rt, conn, frame);
}

function onMessage(rt: RealtimeContext, conn: Connection, data: RawData, isBinary: boolean) {
  conn.lastSeen = Date.now();
  let frame: DecodedFrame;
  try {
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    frame = isBinary ? decodeBinary(buffer) : decodeText(buffer.toString('utf8'), conn.vsn);
  } catch (error) {
    const reason = error instanceof ProtocolError ? error.message : 'invalid frame';
    log(rt, `dropping a frame: ${reason}`);
    return;
  }
  // One frame at a time per socket, so a join completes before that socket's next message.
  conn.queue = conn.queue
    .then(() => handleFrame(rt, conn, frame))
    .catch((error: Error) => log(rt, `${frame.event} on ${frame.topic}: ${error.stack ?? error}`));
}

function onClose(rt: RealtimeContext, conn: Connection) {
  rt.connections.delete(conn);
  for (const channel of [...conn.channels.values()]) removeChannel(rt, channel);
}

/** Why an upgrade is refused (status line and JSON body), or undefined to accept it. */
function refusal(
  rt: RealtimeContext,
  rawApikey: string,
  vsn: Vsn,
): [string, Record<string, string>] | undefined {
  if (!rawApikey) return ['403 Forbidden', { message: 'No API key found in request' }];
  if (!VSNS.has(vsn)) return ['400 Bad Request', { message: `Unsupported serializer version ${vsn}` }];
  if (rt.connections.size >= rt.limits.maxConcurrentUsers) {
    return ['429 Too Many Requests', { error: 'Too many connected users' }];
  }
  return undefined;
}

/** Closes the sockets that sent nothing (not even a heartbeat) for `idleTimeoutMs`. */
function watchIdle(rt: RealtimeContext, idleTimeoutMs: number) {
  const timer = setInterval(
    () => {
      const now = Date.now();
      for (const conn of rt.connections) {
        if (now - conn.lastSeen > idleTimeoutMs) {
          conn.ws.close(1000, 'heartbeat timeout');
          setTimeout(() => conn.ws.terminate(), 1000).unref();
        }
      }
    },
    Math.max(200, Math.min(15_000, idleTimeoutMs / 4)),
  );
  timer.unref();
  return timer;
}

export function createSocket(rt: RealtimeContext, idleTimeoutMs: number): RealtimeSocket {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const idleTimer = watchIdle(rt, idleTimeoutMs);

  function accept(req: IncomingMessage, socket: Duplex, head: Buffer, rawApikey: string, vsn: Vsn) {
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn: Connection = {
        ws,
        vsn,
        rawApikey,
        headers: headersOf(req),
        apikey: claimsOf(rawApikey).then(
          (claims) => ({ claims }),
          (error: TokenError) => ({ error: `${error.code}: ${error.message}` }),
        ),
        channels: new Map(),
        lastSeen: Date.now(),
        queue: Promise.resolve(),
      };
      rt.connections.add(conn);
      ws.on('message', (data, isBinary) => onMessage(rt, conn, data, isBinary));
      ws.on('close', () => onClose(rt, conn));
      ws.on('error', () => ws.terminate());
    });
  }

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const rawApikey =
        url.searchParams.get('apikey') ?? (typeof req.headers.apikey === 'string' ? req.headers.apikey : '');
      const vsn = (url.searchParams.get('vsn') ?? '1.0.0') as Vsn;
      const refused = refusal(rt, rawApikey, vsn);
      if (refused) {
        const [status, body] = refused;
        socket.end(
          `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n` +
            JSON.stringify(body),
        );
        return;
      }
      accept(req, socket, head, rawApikey, vsn);
    },

    async close() {
      clearInterval(idleTimer);
      for (const conn of rt.connections) {
        for (const channel of conn.channels.values()) clearTimeout(channel.expiryTimer);
        conn.ws.terminate();
      }
      rt.connections.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
