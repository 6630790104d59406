import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * What the Stripe stand-in tests share: the real `stripe` SDK pointed at the test stack's stand-in
 * (scripts/with-test-stack.ts sets STRIPE_API_BASE and the keys), a person paying on the hosted
 * Checkout page, and a webhook receiver.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run these tests through \`npm run test:stack\``);
  return value;
}

export const stripeEnv = {
  get apiBase() {
    return required('STRIPE_API_BASE');
  },
  get secretKey() {
    return required('STRIPE_SECRET_KEY');
  },
  get webhookSecret() {
    return required('STRIPE_WEBHOOK_SECRET');
  },
};

/** The SDK as the billing function configures it from STRIPE_API_BASE. */
export function stripeClient(key = stripeEnv.secretKey, options: Stripe.StripeConfig = {}): Stripe {
  const base = new URL(stripeEnv.apiBase);
  return new Stripe(key, {
    host: base.hostname,
    port: Number(base.port),
    protocol: base.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
    ...options,
  });
}

export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  failsAtCharge: '4000 0000 0000 0341',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

/** Submits the hosted Checkout (or portal) page's form as a browser does; no redirect followed. */
export async function submitCardForm(
  pageUrl: string,
  card: string,
  extra: Record<string, string> = {},
): Promise<{ status: number; location: string | null; html: string }> {
  const form = new URLSearchParams({
    cardNumber: card,
    cardExpiry: '12 / 34',
    cardCvc: '123',
    name: 'Pat Parent',
    ...extra,
  });
  const response = await fetch(pageUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

export async function planPrices(stripe: Stripe) {
  const { data } = await stripe.prices.list({
    lookup_keys: ['steady_growth_monthly', 'focused_progress_monthly', 'intensive_momentum_monthly'],
    expand: ['data.product'],
  });
  const byKey = (key: string) => {
    const price = data.find((candidate) => candidate.lookup_key === key);
    if (!price) throw new Error(`no price with lookup key ${key}`);
    return price;
  };
  return {
    steady: byKey('steady_growth_monthly'),
    focused: byKey('focused_progress_monthly'),
    intensive: byKey('intensive_momentum_monthly'),
  };
}

let emailCounter = 0;
export function uniqueCustomerEmail() {
  emailCounter += 1;
  return `billing.${Date.now().toString(36)}.${emailCounter}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** A customer subscribed through hosted Checkout with the given card. */
export async function subscribedCustomer(
  stripe: Stripe,
  price: Stripe.Price,
  card: string = TEST_CARDS.succeeds,
) {
  const customer = await stripe.customers.create({ email: uniqueCustomerEmail() });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://localhost:5173/app/billing?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:5173/app/billing',
  });
  const paid = await submitCardForm(session.url!, card);
  if (paid.status !== 303) throw new Error(`checkout did not complete: ${paid.status}`);
  const completed = await stripe.checkout.sessions.retrieve(session.id);
  const subscription = await stripe.subscriptions.retrieve(completed.subscription as string);
  return { customer, session: completed, subscription };
}

export interface ReceivedWebhook {
  signature: string;
  body: string;
  event: { id: string; type: string; data: { object: { id: string; [key: string]: unknown } } };
}

/**
 * An HTTP endpoint that records what Stripe posts to it. `answer` decides each response's status
 * (default 200). `waitFor` resolves with the first delivery, past or future, that matches.
 */
export async function webhookReceiver(
  answer: (hook: ReceivedWebhook, attempt: number) => number = () => 200,
) {
  const received: ReceivedWebhook[] = [];
  const waiters: { match: (hook: ReceivedWebhook) => boolean; resolve: (hook: ReceivedWebhook) => void }[] =
    [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const hook: ReceivedWebhook = {
        signature: String(req.headers['stripe-signature'] ?? ''),
        body,
        event: JSON.parse(body) as ReceivedWebhook['event'],
      };
      received.push(hook);
      const attempt = received.filter((other) => other.event.id === hook.event.id).length;
      res.writeHead(answer(hook, attempt)).end();
      for (const waiter of [...waiters]) {
        if (waiter.match(hook)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(hook);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/stripe-webhook`,
    received,
    waitFor(match: (hook: ReceivedWebhook) => boolean): Promise<ReceivedWebhook> {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
