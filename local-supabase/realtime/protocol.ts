/**
 * Frames of the Phoenix channel protocol as realtime-js speaks it.
 *
 * vsn 2.0.0: text frames are arrays `[join_ref, ref, topic, event, payload]`; a broadcast sent with
 * `channel.send` arrives as a binary "user broadcast push" (kind 3) and a broadcast built from one
 * leaves as a binary "user broadcast" (kind 4), so binary payloads cross the server untouched.
 * vsn 1.0.0: text frames are objects `{join_ref, ref, topic, event, payload}` and cannot carry binary.
 */

export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A broadcast whose user payload travels as bytes (JSON text or opaque binary). */
export interface UserBroadcast {
  event: string;
  /** 0 = binary, 1 = JSON */
  encoding: number;
  data: Buffer;
  /** raw JSON text of the metadata, or '' */
  metadata: string;
}

export interface DecodedFrame extends Frame {
  /** set when the frame was a binary user broadcast push */
  userBroadcast?: UserBroadcast;
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
export const BINARY_ENCODING = 0;
export const JSON_ENCODING = 1;

export class ProtocolError extends Error {}

function str(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return String(value);
}

export function decodeText(text: string, vsn: Vsn): DecodedFrame {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProtocolError('frame is not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) {
      throw new ProtocolError('a 2.0.0 frame is an array [join_ref, ref, topic, event, payload]');
    }
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') {
      throw new ProtocolError('frame topic and event must be strings');
    }
    return { joinRef: str(joinRef), ref: str(ref), topic, event, payload: payload ?? {} };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ProtocolError('a 1.0.0 frame is an object');
  }
  const o = parsed as Record<string, unknown>;
  if (typeof o.topic !== 'string' || typeof o.event !== 'string') {
    throw new ProtocolError('frame topic and event must be strings');
  }
  return {
    joinRef: str(o.join_ref),
    ref: str(o.ref),
    topic: o.topic,
    event: o.event,
    payload: o.payload ?? {},
  };
}

/** Decodes the binary user broadcast push realtime-js sends for `channel.send({type:'broadcast'})`. */
export function decodeBinary(buf: Buffer): DecodedFrame {
  if (buf.length < 7 || buf[0] !== KIND_USER_BROADCAST_PUSH) {
    throw new ProtocolError('unsupported binary frame');
  }
  const lengths = [buf[1]!, buf[2]!, buf[3]!, buf[4]!, buf[5]!];
  const encoding = buf[6]!;
  let offset = 7;
  const parts = lengths.map((len) => {
    if (offset + len > buf.length) throw new ProtocolError('truncated binary frame');
    const part = buf.subarray(offset, offset + len).toString('utf8');
    offset += len;
    return part;
  });
  const [joinRef, ref, topic, event, metadata] = parts as [string, string, string, string, string];
  const data = Buffer.from(buf.subarray(offset));
  let userPayload: unknown = data;
  if (encoding === JSON_ENCODING) {
    try {
      userPayload = data.length ? JSON.parse(data.toString('utf8')) : {};
    } catch {
      throw new ProtocolError('broadcast payload is not JSON');
    }
  }
  const payload: Record<string, unknown> = { type: 'broadcast', event, payload: userPayload };
  if (metadata) {
    try {
      payload.meta = JSON.parse(metadata);
    } catch {
      throw new ProtocolError('broadcast metadata is not JSON');
    }
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload,
    userBroadcast: { event, encoding, data, metadata },
  };
}

export function encodeText(frame: Frame, vsn: Vsn): string {
  if (vsn === '2.0.0') {
    return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  }
  return JSON.stringify({
    join_ref: frame.joinRef,
    ref: frame.ref,
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
  });
}

/** The binary user broadcast (kind 4) that realtime-js decodes into `{type, event, payload, meta}`. */
export function encodeUserBroadcast(topic: string, ub: UserBroadcast): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(ub.event, 'utf8');
  const metaBytes = Buffer.from(ub.metadata, 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255 || metaBytes.length > 255) {
    throw new ProtocolError('topic, event or metadata longer than 255 bytes');
  }
  const header = Buffer.from([
    KIND_USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    metaBytes.length,
    ub.encoding,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, metaBytes, ub.data]);
}
