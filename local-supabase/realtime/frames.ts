import { WebSocket } from 'ws';
import type { Channel, Connection } from './context.ts';
import { encodeText, type DecodedFrame, type Frame } from './protocol.ts';

/** The frames the server sends on a socket: replies to a client's push, and pushes of its own. */

export function send(conn: Connection, frame: Frame) {
  if (conn.ws.readyState !== WebSocket.OPEN) return;
  conn.ws.send(encodeText(frame, conn.vsn));
}

/** `phx_reply` to the client's frame, with its refs. */
export function reply(
  conn: Connection,
  frame: DecodedFrame,
  status: 'ok' | 'error',
  response: Record<string, unknown> = {},
) {
  send(conn, {
    joinRef: frame.joinRef,
    ref: frame.ref,
    topic: frame.topic,
    event: 'phx_reply',
    payload: { status, response },
  });
}

/** An event the server pushes on a joined channel. */
export function push(channel: Channel, event: string, payload: unknown) {
  send(channel.conn, { joinRef: channel.joinRef, ref: null, topic: channel.topic, event, payload });
}

/** A `system` event: how an extension's subscription went, or why the channel is shut down. */
export function systemMessage(channel: Channel, extension: string, status: 'ok' | 'error', message: string) {
  push(channel, 'system', { extension, status, message, channel: channel.subTopic });
}
