import crypto from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { invalidRequest, StripeError, type StripeErrorBody } from './errors.ts';
import { parseForm, type Params } from './form.ts';
import { handlePage } from './pages/index.ts';
import type { ApiContext, Handler } from './api.ts';
import { match } from './router.ts';
import { newId, type IdempotentResult } from './store.ts';

/**
 * The HTTP side: `/v1/...` is Stripe's API (secret key as Bearer or Basic auth, form-encoded
 * parameters in the body or the query string, JSON answers, `Idempotency-Key` honoured for 24 h
 * on POST); every other path is one of the stand-in's pages (hosted Checkout, invoices, portal).
 */
export interface ServerOptions {
  secretKey: string;
  apiVersion: string;
  log?: (message: string) => void;
}

const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

function readRaw(req: IncomingMessage, limit = 1024 * 1024): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new StripeError(413, { type: 'invalid_request_error', message: 'Request body too large.' }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function apiKeyOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  if (/^bearer /i.test(header)) return header.slice(7).trim();
  if (/^basic /i.test(header)) {
    return Buffer.from(header.slice(6).trim(), 'base64').toString('utf8').split(':')[0];
  }
  return undefined;
}

function masked(key: string) {
  return key.length > 12
    ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
    : key;
}

/** Why the API key is refused, as Stripe answers (401), with the headers it adds. */
function keyRefusal(
  req: IncomingMessage,
  secretKey: string,
): { error: StripeError; headers: Record<string, string> } | undefined {
  const key = apiKeyOf(req);
  if (!key) {
    return {
      error: new StripeError(401, {
        type: 'invalid_request_error',
        message:
          'You did not provide an API key. Send your secret key in the Authorization header as a Bearer token (Authorization: Bearer sk_test_...).',
      }),
      headers: { 'WWW-Authenticate': 'Bearer realm="Stripe"' },
    };
  }
  if (key !== secretKey) {
    return {
      error: new StripeError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${masked(key)}`,
      }),
      headers: {},
    };
  }
  return undefined;
}

function routeOf(method: string, url: URL): { handler: Handler; ids: string[] } {
  const found = match(method, url.pathname);
  if (!found || 'methodNotAllowed' in found) {
    throw new StripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${url.pathname}). The local Stripe stand-in serves a subset of Stripe's API: see local-supabase/stripe/router.ts.`,
    });
  }
  return found;
}

/** The parameters: the form-encoded body of a POST (with its query string), else the query string. */
function paramsOf(req: IncomingMessage, method: string, url: URL, raw: string): Params {
  const contentType = String(req.headers['content-type'] ?? '');
  if (method === 'POST' && raw && !contentType.includes('application/x-www-form-urlencoded')) {
    throw invalidRequest(
      `Invalid request: Stripe's API takes form-encoded parameters (Content-Type: application/x-www-form-urlencoded), got ${contentType || 'no Content-Type'}.`,
    );
  }
  try {
    const params = parseForm(method === 'POST' ? raw : url.search.slice(1));
    if (method === 'POST' && url.search) Object.assign(params, parseForm(url.search.slice(1)));
    return params;
  } catch {
    throw invalidRequest('Invalid form encoding.');
  }
}

/** A POST's `Idempotency-Key` (echoed in the answer's headers), checked: at most 255 characters. */
function idempotencyKeyOf(req: IncomingMessage, method: string, headers: Record<string, string>) {
  const key = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
  if (!key) return undefined;
  headers['Idempotency-Key'] = key;
  if (key.length > 255) {
    throw invalidRequest('Idempotency keys are limited to 255 characters.', 'Idempotency-Key');
  }
  return key;
}

const fingerprintOf = (method: string, url: URL, raw: string) =>
  crypto.createHash('sha256').update(`${method} ${url.pathname}\n${raw}`).digest('hex');

/**
 * The stored answer to an earlier request with this key, to replay; refused when the key was
 * first used with other parameters.
 */
function replayOf(
  idempotency: Record<string, IdempotentResult>,
  key: string,
  fingerprint: string,
): IdempotentResult | undefined {
  const stored = idempotency[key];
  if (!stored || stored.expires <= Date.now() / 1000) return undefined;
  if (stored.fingerprint !== fingerprint) {
    throw new StripeError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  }
  return stored;
}

/** A request that passed every check: an earlier answer to replay, or parameters to run with. */
type Admitted = {
  route: { handler: Handler; ids: string[] };
  raw: string;
  idempotencyKey: string | undefined;
} & ({ replay: IdempotentResult } | { params: Params });

export function createServer(context: ApiContext, options: ServerOptions) {
  const idempotency = context.store.data.idempotency;

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string>) {
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(body)),
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'no-cache, no-store',
      'Stripe-Version': options.apiVersion,
      ...headers,
    });
    res.end(body);
  }

  function errorBody(body: StripeErrorBody, requestId: string) {
    return JSON.stringify(
      { error: { ...body, request_log_url: `${context.publicUrl}/logs/${requestId}` } },
      null,
      2,
    );
  }

  /** Route, body, idempotency and parameters, in Stripe's order; a refusal is thrown as a StripeError. */
  async function admit(
    req: IncomingMessage,
    url: URL,
    method: string,
    headers: Record<string, string>,
  ): Promise<Admitted> {
    const route = routeOf(method, url);
    const raw = await readRaw(req);
    const idempotencyKey = idempotencyKeyOf(req, method, headers);
    const replay = idempotencyKey && replayOf(idempotency, idempotencyKey, fingerprintOf(method, url, raw));
    if (replay) return { route, raw, idempotencyKey, replay };
    return { route, raw, idempotencyKey, params: paramsOf(req, method, url, raw) };
  }

  /** Runs the handler: its result as JSON, or its error as Stripe words it. */
  function run(method: string, url: URL, requestId: string, admitted: Admitted & { params: Params }) {
    try {
      const result = admitted.route.handler(
        {
          method,
          params: admitted.params,
          ids: admitted.route.ids,
          meta: { id: requestId, idempotency_key: admitted.idempotencyKey ?? null },
          path: url.pathname,
        },
        context,
      );
      return { status: 200, body: JSON.stringify(result, null, 2) };
    } catch (error) {
      if (!(error instanceof StripeError)) {
        options.log?.(`${method} ${url.pathname}: ${error instanceof Error ? error.stack : String(error)}`);
      }
      const stripeError =
        error instanceof StripeError
          ? error
          : new StripeError(500, {
              type: 'api_error',
              message: 'An error occurred in the local Stripe stand-in.',
            });
      return { status: stripeError.status, body: errorBody(stripeError.body, requestId) };
    }
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const requestId = newId('req_', 14);
    const method = (req.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { 'Request-Id': requestId };
    const refused = keyRefusal(req, options.secretKey);
    if (refused) {
      return send(res, refused.error.status, errorBody(refused.error.body, requestId), {
        ...headers,
        ...refused.headers,
      });
    }
    let admitted: Admitted;
    try {
      admitted = await admit(req, url, method, headers);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      return send(res, error.status, errorBody(error.body, requestId), headers);
    }
    if ('replay' in admitted) {
      const { replay } = admitted;
      return send(res, replay.status, replay.body, {
        ...headers,
        'Idempotent-Replayed': 'true',
        'Original-Request': replay.requestId,
      });
    }
    const { idempotencyKey } = admitted;
    const { status, body } = run(method, url, requestId, admitted);
    // As Stripe: a result is saved once the request ran (success, or a card declined while running);
    // a request refused by validation, or a server error, is not, so a corrected retry runs.
    if (idempotencyKey && (status < 400 || status === 402)) {
      idempotency[idempotencyKey] = {
        fingerprint: fingerprintOf(method, url, admitted.raw),
        status,
        body,
        requestId,
        expires: Math.floor(Date.now() / 1000) + IDEMPOTENCY_TTL_SECONDS,
      };
      context.store.save();
    }
    await context.webhooks.settle();
    send(res, status, body, headers);
  }

  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const work = url.pathname.startsWith('/v1/')
      ? handleApi(req, res, url)
      : handlePage(req, res, url, context);
    work.catch((error: unknown) => {
      options.log?.(`${req.method} ${url.pathname}: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end('The local Stripe stand-in failed on this request.');
      }
    });
  });
}
