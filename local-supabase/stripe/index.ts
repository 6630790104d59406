import path from 'node:path';
import type { Server } from 'node:http';
import { Billing } from './billing.ts';
import { seedPlans } from './plans.ts';
import type { ApiContext } from './api.ts';
import { createServer } from './server.ts';
import { Store } from './store.ts';
import { Webhooks } from './webhooks.ts';

/**
 * The local Stripe stand-in: Stripe's REST API (the subset Ploom uses) on its own port, its hosted
 * Checkout, invoice and portal pages, and signed webhooks to the stack's `stripe-webhook` function.
 * See docs/decisions/101-local-stripe-standin.md.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface StripeStandinOptions {
  host: string;
  port: number;
  secretKey: string;
  /** where events go, signed with `webhookSecret`; undefined: only to endpoints created by API */
  webhookUrl?: string;
  webhookSecret: string;
  /** folder for the store's JSON file; undefined keeps everything in memory */
  stateDir?: string;
  retryDelaysMs?: number[];
  log?: (message: string) => void;
}

export interface StripeStandin {
  url: string;
  context: ApiContext;
  stop(): Promise<void>;
}

export async function startStripeStandin(options: StripeStandinOptions): Promise<StripeStandin> {
  const store = new Store(options.stateDir ? path.join(options.stateDir, 'stripe.json') : undefined);
  seedPlans(store);
  const webhooks = new Webhooks(store, {
    apiVersion: STRIPE_API_VERSION,
    defaultEndpoint: options.webhookUrl
      ? { url: options.webhookUrl, secret: options.webhookSecret }
      : undefined,
    retryDelaysMs: options.retryDelaysMs,
    log: options.log,
  });
  let publicUrl = `http://${options.host}:${options.port}`;
  const context: ApiContext = {
    store,
    webhooks,
    billing: new Billing(store, webhooks, publicUrl, 'Ploom'),
    publicUrl,
  };
  const server: Server = createServer(context, {
    secretKey: options.secretKey,
    apiVersion: STRIPE_API_VERSION,
    log: options.log,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  if (options.port === 0) {
    const address = server.address();
    if (address && typeof address === 'object') {
      publicUrl = `http://${options.host}:${address.port}`;
      context.publicUrl = publicUrl;
      context.billing = new Billing(store, webhooks, publicUrl, 'Ploom');
    }
  }
  return {
    url: publicUrl,
    context,
    stop: async () => {
      webhooks.stop();
      store.flush();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
