import Stripe from 'stripe';
import { requireEnv } from './supabase.ts';

/**
 * The `stripe` SDK through fetch (Deno has no Node http client to lend it). STRIPE_API_BASE points it
 * at another host: the local stand-in (`npm start`); unset, it is api.stripe.com.
 */
let client: Stripe | undefined;
export function stripe(): Stripe {
  if (client) return client;
  const base = Deno.env.get('STRIPE_API_BASE');
  const url = base ? new URL(base) : undefined;
  client = new Stripe(requireEnv('STRIPE_SECRET_KEY'), {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'http:' ? '80' : '443'),
          protocol: url.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
  return client;
}

/** Whether Stripe answered that the object does not exist (already deleted, say). */
export function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}
