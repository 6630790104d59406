import crypto from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { StripeError, type StripeErrorBody } from './errors.ts';
import { parseForm, type Params } from './form.ts';
import { handlePage } from './pages/index.ts';
import type { ApiContext } from './api.ts';
import { match } from './router.ts';
import { newId } from './store.ts';

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

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const requestId = newId('req_', 14);
    const method = (req.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { 'Request-Id': requestId };
    const key = apiKeyOf(req);
    if (!key) {
      return send(
        res,
        401,
        errorBody(
          {
            type: 'invalid_request_error',
            message:
              'You did not provide an API key. Send your secret key in the Authorization header as a Bearer token (Authorization: Bearer sk_test_...).',
          },
          requestId,
        ),
        { ...headers, 'WWW-Authenticate': 'Bearer realm="Stripe"' },
      );
    }
    if (key !== options.secretKey) {
      return send(
        res,
        401,
        errorBody(
          { type: 'invalid_request_error', message: `Invalid API Key provided: ${masked(key)}` },
          requestId,
        ),
        headers,
      );
    }
    const found = match(method, url.pathname);
    if (!found || 'methodNotAllowed' in found) {
      return send(
        res,
        404,
        errorBody(
          {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${method}: ${url.pathname}). The local Stripe stand-in serves a subset of Stripe's API: see local-supabase/stripe/router.ts.`,
          },
          requestId,
        ),
        headers,
      );
    }

    let raw = '';
    try {
      raw = await readRaw(req);
    } catch (error) {
      if (error instanceof StripeError)
        return send(res, error.status, errorBody(error.body, requestId), headers);
      throw error;
    }
    const idempotencyKey =
      method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    if (idempotencyKey) {
      headers['Idempotency-Key'] = idempotencyKey;
      if (idempotencyKey.length > 255) {
        return send(
          res,
          400,
          errorBody(
            {
              type: 'invalid_request_error',
              message: 'Idempotency keys are limited to 255 characters.',
              param: 'Idempotency-Key',
            },
            requestId,
          ),
          headers,
        );
      }
      const fingerprint = crypto
        .createHash('sha256')
        .update(`${method} ${url.pathname}\n${raw}`)
        .digest('hex');
      const stored = idempotency[idempotencyKey];
      if (stored && stored.expires > Date.now() / 1000) {
        if (stored.fingerprint !== fingerprint) {
          return send(
            res,
            400,
            errorBody(
              {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
              requestId,
            ),
            headers,
          );
        }
        return send(res, stored.status, stored.body, {
          ...headers,
          'Idempotent-Replayed': 'true',
          'Original-Request': stored.requestId,
        });
      }
    }

    let params: Params;
    const contentType = String(req.headers['content-type'] ?? '');
    if (method === 'POST' && raw && !contentType.includes('application/x-www-form-urlencoded')) {
      return send(
        res,
        400,
        errorBody(
          {
            type: 'invalid_request_error',
            message: `Invalid request: Stripe's API takes form-encoded parameters (Content-Type: application/x-www-form-urlencoded), got ${contentType || 'no Content-Type'}.`,
          },
          requestId,
        ),
        headers,
      );
    }
    try {
      params = parseForm(method === 'POST' ? raw : url.search.slice(1));
      if (method === 'POST' && url.search) Object.assign(params, parseForm(url.search.slice(1)));
    } catch {
      return send(
        res,
        400,
        errorBody({ type: 'invalid_request_error', message: 'Invalid form encoding.' }, requestId),
        headers,
      );
    }

    let status = 200;
    let body: string;
    try {
      const result = found.handler(
        {
          method,
          params,
          ids: found.ids,
          meta: { id: requestId, idempotency_key: idempotencyKey ?? null },
          path: url.pathname,
        },
        context,
      );
      body = JSON.stringify(result, null, 2);
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
      status = stripeError.status;
      body = errorBody(stripeError.body, requestId);
    }
    // As Stripe: a result is saved once the request ran (success, or a card declined while running);
    // a request refused by validation, or a server error, is not, so a corrected retry runs.
    if (idempotencyKey && (status < 400 || status === 402)) {
      idempotency[idempotencyKey] = {
        fingerprint: crypto.createHash('sha256').update(`${method} ${url.pathname}\n${raw}`).digest('hex'),
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
