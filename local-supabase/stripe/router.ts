import type { Handler } from './api.ts';
import * as products from './resources/products.ts';
import * as prices from './resources/prices.ts';
import * as customers from './resources/customers.ts';
import * as paymentMethods from './resources/payment-methods.ts';
import * as checkoutSessions from './resources/checkout-sessions.ts';
import * as subscriptions from './resources/subscriptions.ts';
import * as invoices from './resources/invoices.ts';
import * as portalSessions from './resources/billing-portal-sessions.ts';
import * as webhookEndpoints from './resources/webhook-endpoints.ts';
import * as events from './resources/events.ts';
import * as testHelpers from './resources/test-helpers.ts';

type Route = [method: 'GET' | 'POST' | 'DELETE', pattern: string, handler: Handler];

/** The subset of Stripe's REST API the product uses: one line per endpoint. */
const ROUTES: Route[] = [
  ['POST', '/v1/products', products.create],
  ['GET', '/v1/products', products.list],
  ['GET', '/v1/products/:id', products.retrieve],
  ['POST', '/v1/products/:id', products.update],

  ['POST', '/v1/prices', prices.create],
  ['GET', '/v1/prices', prices.list],
  ['GET', '/v1/prices/:id', prices.retrieve],
  ['POST', '/v1/prices/:id', prices.update],

  ['POST', '/v1/customers', customers.create],
  ['GET', '/v1/customers', customers.list],
  ['GET', '/v1/customers/search', customers.search],
  ['GET', '/v1/customers/:id', customers.retrieve],
  ['POST', '/v1/customers/:id', customers.update],
  ['DELETE', '/v1/customers/:id', customers.del],
  ['GET', '/v1/customers/:id/payment_methods', paymentMethods.listForCustomer],

  ['GET', '/v1/payment_methods', paymentMethods.list],
  ['GET', '/v1/payment_methods/:id', paymentMethods.retrieve],

  ['POST', '/v1/checkout/sessions', checkoutSessions.create],
  ['GET', '/v1/checkout/sessions', checkoutSessions.list],
  ['GET', '/v1/checkout/sessions/:id', checkoutSessions.retrieve],
  ['GET', '/v1/checkout/sessions/:id/line_items', checkoutSessions.lineItems],
  ['POST', '/v1/checkout/sessions/:id/expire', checkoutSessions.expire],

  ['GET', '/v1/subscriptions', subscriptions.list],
  ['GET', '/v1/subscriptions/:id', subscriptions.retrieve],
  ['POST', '/v1/subscriptions/:id', subscriptions.update],
  ['DELETE', '/v1/subscriptions/:id', subscriptions.cancel],
  ['POST', '/v1/subscriptions/:id/resume', subscriptions.resume],

  ['GET', '/v1/invoices', invoices.list],
  ['POST', '/v1/invoices/create_preview', invoices.preview],
  ['GET', '/v1/invoices/:id', invoices.retrieve],
  ['GET', '/v1/invoices/:id/lines', invoices.lines],
  ['POST', '/v1/invoices/:id/pay', invoices.pay],

  ['POST', '/v1/billing_portal/sessions', portalSessions.create],

  ['POST', '/v1/webhook_endpoints', webhookEndpoints.create],
  ['GET', '/v1/webhook_endpoints', webhookEndpoints.list],
  ['GET', '/v1/webhook_endpoints/:id', webhookEndpoints.retrieve],
  ['POST', '/v1/webhook_endpoints/:id', webhookEndpoints.update],
  ['DELETE', '/v1/webhook_endpoints/:id', webhookEndpoints.del],

  ['GET', '/v1/events', events.list],
  ['GET', '/v1/events/:id', events.retrieve],

  ['POST', '/v1/test_helpers/subscriptions/:id/advance_period', testHelpers.advancePeriod],
];

const COMPILED = ROUTES.map(([method, pattern, handler]) => ({
  method,
  regex: new RegExp(`^${pattern.replace(/:id/g, '([^/]+)')}$`),
  handler,
}));

export type Match = { handler: Handler; ids: string[] } | { methodNotAllowed: true } | undefined;

export function match(method: string, path: string): Match {
  let pathKnown = false;
  for (const route of COMPILED) {
    const found = route.regex.exec(path);
    if (!found) continue;
    pathKnown = true;
    if (route.method === method)
      return { handler: route.handler, ids: found.slice(1).map(decodeURIComponent) };
  }
  return pathKnown ? { methodNotAllowed: true } : undefined;
}
