import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Claims } from '../jwt.ts';
import { bearerToken, HttpError, readBody, sendJson } from '../http.ts';
import { ALL_EXTENSIONS, emptyPolicies } from './authorization.ts';
import { fanOut } from './broadcast.ts';
import { headersOf, isRecord, log, roomKeyOf, type RealtimeContext } from './context.ts';
import { BINARY_ENCODING, JSON_ENCODING } from './protocol.ts';
import { claimsOf } from './tokens.ts';

/**
 * Realtime's HTTP API (its broadcast controller): `POST /realtime/v1/api/broadcast` with
 * `{messages: [{topic, event, payload, private}]}`, and `POST /api/broadcast/:topic/events/:event`
 * whose body is the payload itself (JSON, or bytes as application/octet-stream). Both answer 202;
 * a private topic needs broadcast write for the caller's claims.
 */

async function httpClaims(req: IncomingMessage, url: URL): Promise<Claims> {
  const apikey = (req.headers.apikey as string | undefined) ?? url.searchParams.get('apikey');
  const token = bearerToken(req, url);
  if (!apikey && !token) {
    throw new HttpError(401, { message: 'No API key found in request' });
  }
  try {
    if (apikey) await claimsOf(apikey);
    return await claimsOf(token ?? apikey!);
  } catch (error) {
    throw new HttpError(401, { message: (error as Error).message });
  }
}

/** Whether the caller may send on a private topic. */
async function mayWrite(rt: RealtimeContext, req: IncomingMessage, claims: Claims, topic: string) {
  try {
    const policies = await rt.authorizer.write(
      { topic, claims, headers: headersOf(req) },
      ALL_EXTENSIONS,
      emptyPolicies(),
    );
    return policies.broadcast.write === true;
  } catch (error) {
    log(rt, `RlsPolicyError: ${(error as Error).message}`);
    return false;
  }
}

/** `POST /api/broadcast/:topic/events/:event`: one message, its body the payload. */
async function broadcastOne(
  rt: RealtimeContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  [subTopic, event]: [string, string],
  claims: Claims,
  body: Buffer,
) {
  const isPrivate = url.searchParams.get('private') === 'true';
  if (isPrivate && !(await mayWrite(rt, req, claims, subTopic))) {
    return sendJson(res, 403, { error: 'Unauthorized' });
  }
  const isJson = !/octet-stream/i.test(String(req.headers['content-type'] ?? ''));
  if (isJson) {
    try {
      JSON.parse(body.toString('utf8'));
    } catch {
      return sendJson(res, 400, { error: 'payload must be JSON' });
    }
  }
  fanOut(rt, roomKeyOf(isPrivate, subTopic), {
    user: { event, encoding: isJson ? JSON_ENCODING : BINARY_ENCODING, data: body, metadata: '' },
  });
  return sendJson(res, 202, undefined);
}

/** `POST /api/broadcast`: a batch of messages, each to its own topic. */
async function broadcastMany(
  rt: RealtimeContext,
  req: IncomingMessage,
  res: ServerResponse,
  claims: Claims,
  body: Buffer,
) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return sendJson(res, 400, { message: 'Invalid JSON' });
  }
  const messages = isRecord(parsed) && Array.isArray(parsed.messages) ? parsed.messages : undefined;
  if (
    !messages ||
    !messages.every((m) => isRecord(m) && typeof m.topic === 'string' && typeof m.event === 'string')
  ) {
    return sendJson(res, 400, { message: 'Expected {messages: [{topic, event, payload}]}' });
  }
  const writable = new Map<string, boolean>();
  for (const message of messages as Record<string, unknown>[]) {
    const isPrivate = message.private === true;
    const topic = String(message.topic);
    if (isPrivate) {
      // Checked once per topic; messages to a topic the caller may not write to are skipped.
      if (!writable.has(topic)) writable.set(topic, await mayWrite(rt, req, claims, topic));
      if (!writable.get(topic)) continue;
    }
    fanOut(rt, roomKeyOf(isPrivate, topic), {
      json: { type: 'broadcast', event: message.event, payload: message.payload ?? {} },
    });
  }
  return sendJson(res, 202, undefined);
}

export async function handleBroadcastApi(
  rt: RealtimeContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
) {
  const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)\/?$/.exec(path);
  if (req.method !== 'POST' || (path !== '/api/broadcast' && !single)) {
    return sendJson(res, 404, { message: 'Not found' });
  }
  const claims = await httpClaims(req, url);
  const body = await readBody(req);
  if (!single) return broadcastMany(rt, req, res, claims, body);
  const target: [string, string] = [decodeURIComponent(single[1]!), decodeURIComponent(single[2]!)];
  return broadcastOne(rt, req, res, url, target, claims, body);
}
