import http from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import pg from 'pg';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadConfig } from '../../local-supabase/config.ts';
import { createAuth, type AuthOptions } from '../../local-supabase/auth/index.ts';
import { createGateway } from '../../local-supabase/gateway.ts';
import { sendJson } from '../../local-supabase/http.ts';
import type { HttpService, StackContext } from '../../local-supabase/types.ts';
import { serviceClient, stackEnv } from '../support/stack.ts';

/** What the Auth tests share: a second Auth with other settings, and clients from other addresses. */

export interface ExtraAuth {
  url: string;
  client(options?: { autoRefreshToken?: boolean }): SupabaseClient;
  stop(): Promise<void>;
}

/** A second Auth on its own port, against the test stack's database and mail catcher. */
export async function startAuth(jwtExpiry: number, options: AuthOptions): Promise<ExtraAuth> {
  const base = loadConfig({ quiet: true, jwtExpiry, siteUrl: stackEnv.siteUrl });
  const config = { ...base };
  const adminPool = new pg.Pool({ connectionString: stackEnv.dbUrl, max: 4 });
  adminPool.on('error', () => {});
  const transport = nodemailer.createTransport({
    host: base.host,
    port: base.smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  const mail = {
    async send(message: { to: string; subject: string; html: string; text: string }) {
      await transport.sendMail({ from: config.mailFrom, ...message });
    },
    async stop() {
      transport.close();
    },
  };
  // What it logs is a failure (an unexpected error answered 500, a hook or an email that failed):
  // shown with the test's output, so a failure in CI says why.
  const log = (part: string, message: string) => console.error(`[second ${part}] ${message}`);
  const ctx: StackContext = { config, adminPool, apiPool: adminPool, log };
  const unused: HttpService = {
    async handle(_req, res) {
      sendJson(res, 404, { message: 'not part of this test' });
    },
  };
  const auth = createAuth(ctx, mail, options);
  const server: http.Server = createGateway(ctx, {
    rest: unused,
    functions: unused,
    auth,
    realtime: { ...unused, handleUpgrade: (_req, socket) => socket.destroy() },
  });
  await new Promise<void>((resolve) => server.listen(0, base.host, () => resolve()));
  config.apiPort = (server.address() as AddressInfo).port;
  const url = `http://${config.host}:${config.apiPort}`;
  return {
    url,
    client: ({ autoRefreshToken = false } = {}) =>
      createClient(url, stackEnv.anonKey, {
        auth: { persistSession: false, autoRefreshToken, detectSessionInUrl: false },
        realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      }),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await auth.close?.();
      transport.close();
      await adminPool.end();
    },
  };
}

/**
 * A fetch whose requests leave from another loopback address (127.0.0.2 …), so a test is a
 * different client to the stack's per-address limits than every other test (127.0.0.1).
 */
export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    const body =
      init.body === undefined || init.body === null
        ? undefined
        : Buffer.from(await new Response(init.body).arrayBuffer());
    return new Promise<Response>((resolve, reject) => {
      const req = http.request(url, { method: init.method ?? 'GET', headers, localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const responseHeaders = new Headers();
          for (const [key, value] of Object.entries(res.headers)) {
            for (const item of Array.isArray(value) ? value : [value ?? ''])
              responseHeaders.append(key, item);
          }
          const status = res.statusCode ?? 500;
          const empty = status === 204 || status === 304;
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  };
}

let nextAddress = 0;
const run = Math.floor(Math.random() * 250) + 1;
/** A loopback address no other test (and no other run's leftovers) uses. */
export const freshLoopbackAddress = () =>
  `127.${run}.${Math.floor(nextAddress / 250) + 1}.${(nextAddress++ % 250) + 1}`;

/** A client of the test stack (or of `url`) that connects from `localAddress`. */
export function clientFrom(localAddress: string, key = stackEnv.anonKey, url = stackEnv.url): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchFrom(localAddress) },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * A confirmed account (created with the test stack's service role: the same database as any second
 * Auth), signed in on `client` with its password. Sign-up itself needs the emailed link
 * (../support/sign-up.ts); tests of other features start from an account that has done that.
 */
export async function signInConfirmed(client: SupabaseClient, email: string, password: string) {
  const created = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return data.user;
}
