import { invalidRequest, missingParam, resourceMissing, type Decline } from '../errors.ts';
import { applyExpand, expandPaths, type VirtualExpansion } from '../expand.ts';
import type { FormValue } from '../form.ts';
import {
  allowOnly,
  mergeMetadata,
  newestFirst,
  optionalArray,
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalObject,
  optionalString,
  paginate,
} from '../params.ts';
import type { ApiContext, ApiRequest } from '../api.ts';
import { newId, now } from '../store.ts';
import type { CheckoutSession, ListObject, Price, RequestMeta } from '../types.ts';
import { find as findCustomer } from './customers.ts';
import { find as findPrice } from './prices.ts';

export function find(context: ApiContext, id: string): CheckoutSession {
  const session = context.store.data.checkoutSessions[id];
  if (!session) throw resourceMissing('checkout.session', id);
  return session;
}

interface CheckoutLineItem {
  id: string;
  object: 'item';
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  price: Price;
  quantity: number;
}

function lineItemsOf(context: ApiContext, session: CheckoutSession): ListObject<CheckoutLineItem> {
  const stored = context.store.data.checkoutPrivate[session.id]?.lineItems ?? [];
  const data = stored.map((line, index) => {
    const price = context.store.data.prices[line.price];
    const amount = price.unit_amount * line.quantity;
    return {
      id: `li_${session.id.slice(8, 30)}${index}`,
      object: 'item' as const,
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price.currency,
      description: context.billing.productName(price),
      price,
      quantity: line.quantity,
    };
  });
  return { object: 'list', data, has_more: false, url: `/v1/checkout/sessions/${session.id}/line_items` };
}

const virtualFor =
  (context: ApiContext): VirtualExpansion =>
  (object, field) =>
    object.object === 'checkout.session' && field === 'line_items'
      ? lineItemsOf(context, object as unknown as CheckoutSession)
      : undefined;

function render(session: CheckoutSession, params: ApiRequest['params'], context: ApiContext) {
  return applyExpand(session, expandPaths(params), context.store, virtualFor(context));
}

export function create({ params }: ApiRequest, context: ApiContext) {
  allowOnly(params, [
    'mode',
    'line_items',
    'success_url',
    'cancel_url',
    'return_url',
    'customer',
    'customer_email',
    'client_reference_id',
    'metadata',
    'subscription_data',
    'allow_promotion_codes',
    'payment_method_types',
    'locale',
    'expires_at',
    'billing_address_collection',
    'customer_update',
    'ui_mode',
  ]);
  const mode = optionalEnum(params, 'mode', ['payment', 'setup', 'subscription'] as const);
  if (!mode) throw missingParam('mode');
  if (mode !== 'subscription') {
    throw invalidRequest(
      `The local Stripe stand-in supports Checkout in subscription mode only (got mode=${mode}).`,
      'mode',
    );
  }
  const ui = optionalEnum(params, 'ui_mode', ['hosted', 'embedded', 'custom'] as const) ?? 'hosted';
  if (ui !== 'hosted')
    throw invalidRequest('The local Stripe stand-in serves hosted Checkout only.', 'ui_mode');
  const customerId = optionalString(params, 'customer');
  const customerEmail = optionalString(params, 'customer_email');
  if (customerId && customerEmail) {
    throw invalidRequest(
      'You may only specify one of these parameters: customer, customer_email.',
      'customer_email',
    );
  }
  const customer = customerId ? findCustomer(context, customerId, 'customer') : undefined;
  const rawItems = optionalArray(params, 'line_items');
  if (!rawItems || rawItems.length === 0) throw missingParam('line_items');
  const lineItems = rawItems.map((raw: FormValue, index) => {
    const label = `line_items[${index}]`;
    if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidRequest('Invalid object', label);
    if (raw.price_data !== undefined) {
      throw invalidRequest(
        'The local Stripe stand-in takes line items by `price` only.',
        `${label}[price_data]`,
      );
    }
    const priceId = optionalString(raw, 'price', `${label}[price]`);
    if (!priceId) throw missingParam(`${label}[price]`);
    const price = findPrice(context, priceId, `${label}[price]`);
    if (!price.active) throw invalidRequest(`The price \`${price.id}\` is not active.`, `${label}[price]`);
    const quantity = optionalInteger(raw, 'quantity', `${label}[quantity]`);
    if (quantity === undefined) throw missingParam(`${label}[quantity]`);
    if (quantity < 1) throw invalidRequest('Quantity must be at least 1.', `${label}[quantity]`);
    return { price, quantity };
  });
  if (!lineItems.some(({ price }) => price.type === 'recurring')) {
    throw invalidRequest(
      'You must specify at least one recurring price in `subscription` mode when using prices.',
      'line_items',
    );
  }
  const currencies = new Set(lineItems.map(({ price }) => price.currency));
  if (currencies.size > 1) throw invalidRequest('All prices must be in the same currency.', 'line_items');
  for (const name of ['success_url', 'cancel_url'] as const) {
    const url = optionalString(params, name);
    if (url !== undefined && !/^https?:\/\/[^\s]+$/.test(url)) {
      throw invalidRequest(`Not a valid URL`, name, 'url_invalid');
    }
  }
  const subscriptionData = optionalObject(params, 'subscription_data');
  if (subscriptionData) {
    allowOnly(subscriptionData, ['metadata', 'description']);
  }
  const created = now();
  const expiresAt = optionalInteger(params, 'expires_at') ?? created + 24 * 3600;
  if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
    throw invalidRequest(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.',
      'expires_at',
    );
  }
  const id = newId('cs_test_a1', 56);
  const amount = lineItems.reduce((sum, { price, quantity }) => sum + price.unit_amount * quantity, 0);
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    allow_promotion_codes: optionalBoolean(params, 'allow_promotion_codes') ?? null,
    amount_subtotal: amount,
    amount_total: amount,
    billing_address_collection: null,
    cancel_url: optionalString(params, 'cancel_url') ?? null,
    client_reference_id: optionalString(params, 'client_reference_id') ?? null,
    created,
    currency: lineItems[0].price.currency,
    customer: customer?.id ?? null,
    customer_creation: customer ? null : 'always',
    customer_details: null,
    customer_email: customerEmail ?? null,
    expires_at: expiresAt,
    invoice: null,
    livemode: false,
    locale: optionalString(params, 'locale') ?? null,
    metadata: mergeMetadata({}, params),
    mode,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    setup_intent: null,
    status: 'open',
    subscription: null,
    success_url: optionalString(params, 'success_url') ?? null,
    ui_mode: 'hosted',
    url: `${context.publicUrl}/c/pay/${id}`,
  };
  context.store.data.checkoutSessions[id] = session;
  context.store.data.checkoutPrivate[id] = {
    lineItems: lineItems.map(({ price, quantity }) => ({ price: price.id, quantity })),
    subscriptionMetadata: subscriptionData ? mergeMetadata({}, subscriptionData) : {},
  };
  context.store.save();
  return render(session, params, context);
}

/** An open session past its `expires_at` is expired, as Stripe does in the background. */
export function refreshExpiry(session: CheckoutSession, context: ApiContext) {
  if (session.status === 'open' && session.expires_at <= now()) {
    session.status = 'expired';
    session.url = null;
    context.store.save();
    context.webhooks.emit('checkout.session.expired', session);
  }
}

export function retrieve({ params, ids }: ApiRequest, context: ApiContext) {
  const session = find(context, ids[0]);
  refreshExpiry(session, context);
  return render(session, params, context);
}

export function lineItems({ params, ids }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['limit', 'starting_after', 'ending_before']);
  return applyExpand(lineItemsOf(context, find(context, ids[0])), expandPaths(params), context.store);
}

export function list({ params, path }: ApiRequest, context: ApiContext) {
  allowOnly(params, [
    'customer',
    'subscription',
    'status',
    'payment_intent',
    'limit',
    'starting_after',
    'ending_before',
  ]);
  const customer = optionalString(params, 'customer');
  const subscription = optionalString(params, 'subscription');
  const status = optionalString(params, 'status');
  const items = newestFirst(context.store.data.checkoutSessions).filter(
    (session) =>
      (customer === undefined || session.customer === customer) &&
      (subscription === undefined || session.subscription === subscription) &&
      (status === undefined || session.status === status),
  );
  return applyExpand(paginate(params, items, path), expandPaths(params), context.store);
}

export function expire({ params, ids, meta }: ApiRequest, context: ApiContext) {
  const session = find(context, ids[0]);
  refreshExpiry(session, context);
  if (session.status !== 'open') {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This session has status "${session.status}".`,
    );
  }
  session.status = 'expired';
  session.url = null;
  context.store.save();
  context.webhooks.emit('checkout.session.expired', session, undefined, meta);
  return render(session, params, context);
}

export interface CardEntry {
  email: string;
  name: string;
  number: string;
  expMonth: number;
  expYear: number;
}

/**
 * A person paid on the hosted page: the customer (found or created), the card attached, the
 * subscription created and its first invoice charged, then `checkout.session.completed`. A card
 * declined at the charge (4000 0000 0000 0341) stays attached and the session stays open, as on
 * Stripe's page, which shows the decline and lets the person try another card.
 */
export function complete(
  session: CheckoutSession,
  entry: CardEntry,
  context: ApiContext,
  meta: RequestMeta,
): { ok: true } | { ok: false; decline: Decline } {
  const { billing, store } = context;
  const priv = store.data.checkoutPrivate[session.id];
  let customer = session.customer ? store.data.customers[session.customer] : undefined;
  if (!customer) {
    customer = billing.createCustomer({ email: entry.email, name: entry.name || null, metadata: {} }, meta);
    session.customer = customer.id;
  }
  const paymentMethod = billing.attachCard(
    customer,
    { number: entry.number, expMonth: entry.expMonth, expYear: entry.expYear, name: entry.name || null },
    meta,
  );
  const decline = billing.charge(paymentMethod.id);
  if (decline) {
    store.save();
    return { ok: false, decline };
  }
  const { subscription, invoice } = billing.createSubscription(
    customer,
    priv.lineItems.map((line) => ({ price: store.data.prices[line.price], quantity: line.quantity })),
    { paymentMethod: paymentMethod.id, metadata: priv.subscriptionMetadata },
    meta,
  );
  session.status = 'complete';
  session.payment_status = 'paid';
  session.subscription = subscription.id;
  session.invoice = invoice.id;
  session.customer_details = { email: customer.email ?? entry.email, name: entry.name || customer.name };
  session.url = null;
  store.save();
  context.webhooks.emit('checkout.session.completed', session, undefined, meta);
  return { ok: true };
}
