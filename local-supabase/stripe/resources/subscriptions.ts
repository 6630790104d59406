import { previousAttributes } from '../billing.ts';
import { cardError, invalidRequest, missingParam, resourceMissing } from '../errors.ts';
import { applyExpand, expandPaths } from '../expand.ts';
import type { Params } from '../form.ts';
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
import { now } from '../store.ts';
import type { PauseCollection, Subscription } from '../types.ts';
import { find as findPrice } from './prices.ts';

export function find(context: ApiContext, id: string): Subscription {
  const subscription = context.store.data.subscriptions[id];
  if (!subscription) throw resourceMissing('subscription', id);
  return subscription;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function render(subscription: Subscription, params: Params, context: ApiContext) {
  return applyExpand(subscription, expandPaths(params), context.store);
}

export function retrieve({ params, ids }: ApiRequest, context: ApiContext) {
  return render(find(context, ids[0]), params, context);
}

const STATUSES = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const;

export function list({ params, path }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['customer', 'price', 'status', 'limit', 'starting_after', 'ending_before', 'created']);
  const customer = optionalString(params, 'customer');
  const price = optionalString(params, 'price');
  const status = optionalEnum(params, 'status', STATUSES);
  const items = newestFirst(context.store.data.subscriptions).filter((subscription) => {
    if (customer !== undefined && subscription.customer !== customer) return false;
    if (price !== undefined && !subscription.items.data.some((item) => item.price.id === price)) return false;
    if (status === undefined) return subscription.status !== 'canceled';
    if (status === 'all') return true;
    if (status === 'ended') return ['canceled', 'incomplete_expired'].includes(subscription.status);
    return subscription.status === status;
  });
  return applyExpand(paginate(params, items, path), expandPaths(params), context.store);
}

const PRORATION = ['create_prorations', 'always_invoice', 'none'] as const;
const PAYMENT_BEHAVIOR = [
  'allow_incomplete',
  'error_if_incomplete',
  'default_incomplete',
  'pending_if_incomplete',
] as const;
const PAUSE_BEHAVIOR = ['keep_as_draft', 'mark_uncollectible', 'void'] as const;

function readPause(params: Params): PauseCollection | null | undefined {
  if (params.pause_collection === undefined) return undefined;
  if (params.pause_collection === '') return null;
  const pause = optionalObject(params, 'pause_collection');
  if (!pause) return undefined;
  allowOnly(pause, ['behavior', 'resumes_at']);
  const behavior = optionalEnum(pause, 'behavior', PAUSE_BEHAVIOR, 'pause_collection[behavior]');
  if (!behavior) throw missingParam('pause_collection[behavior]');
  const resumesAt = optionalInteger(pause, 'resumes_at', 'pause_collection[resumes_at]') ?? null;
  if (resumesAt !== null && resumesAt <= now()) {
    throw invalidRequest('`resumes_at` must be in the future.', 'pause_collection[resumes_at]');
  }
  return { behavior, resumes_at: resumesAt };
}

/**
 * POST /v1/subscriptions/:id: change the price (`items[0][id]` + `items[0][price]`, with
 * `proration_behavior`), pause or resume collection (`pause_collection`), cancel at the period's end
 * or take that back (`cancel_at_period_end`), metadata, payment method.
 */
export function update({ params, ids, meta }: ApiRequest, context: ApiContext) {
  allowOnly(params, [
    'items',
    'proration_behavior',
    'proration_date',
    'payment_behavior',
    'pause_collection',
    'cancel_at_period_end',
    'cancellation_details',
    'metadata',
    'default_payment_method',
    'description',
    'billing_cycle_anchor',
  ]);
  const subscription = find(context, ids[0]);
  const before = clone(subscription);
  const onlyNotes = Object.keys(params).every((key) =>
    ['metadata', 'cancellation_details', 'expand'].includes(key),
  );
  if (subscription.status === 'canceled' && !onlyNotes) {
    throw invalidRequest(
      'A canceled subscription can only update its cancellation_details and metadata.',
      undefined,
    );
  }
  const anchor = optionalString(params, 'billing_cycle_anchor');
  if (anchor !== undefined && anchor !== 'unchanged') {
    throw invalidRequest(
      'The local Stripe stand-in keeps the billing cycle anchor unchanged.',
      'billing_cycle_anchor',
    );
  }
  const proration = optionalEnum(params, 'proration_behavior', PRORATION) ?? 'create_prorations';
  const paymentBehavior = optionalEnum(params, 'payment_behavior', PAYMENT_BEHAVIOR) ?? 'allow_incomplete';
  const prorationDate = optionalInteger(params, 'proration_date') ?? now();
  const pause = readPause(params);
  const cancelAtPeriodEnd = optionalBoolean(params, 'cancel_at_period_end');
  const description = optionalString(params, 'description');
  const paymentMethod = optionalString(params, 'default_payment_method');
  if (paymentMethod) {
    const method = context.store.data.paymentMethods[paymentMethod];
    if (!method) throw resourceMissing('PaymentMethod', paymentMethod, 'default_payment_method');
    if (method.customer !== subscription.customer) {
      throw invalidRequest(
        'The payment method must belong to the subscription’s customer.',
        'default_payment_method',
      );
    }
  }
  const details = optionalObject(params, 'cancellation_details');
  if (details) allowOnly(details, ['comment', 'feedback']);

  // Items: validate everything before changing anything.
  const changes = (optionalArray(params, 'items') ?? []).map((raw, index) => {
    const label = `items[${index}]`;
    if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidRequest('Invalid object', label);
    allowOnly(raw, ['id', 'price', 'quantity', 'metadata']);
    const itemId = optionalString(raw, 'id', `${label}[id]`);
    if (!itemId) {
      throw invalidRequest(
        'The local Stripe stand-in changes existing items only: give `id`.',
        `${label}[id]`,
      );
    }
    const item = subscription.items.data.find((candidate) => candidate.id === itemId);
    if (!item) throw resourceMissing('subscription item', itemId, `${label}[id]`);
    const priceId = optionalString(raw, 'price', `${label}[price]`);
    const price = priceId ? findPrice(context, priceId, `${label}[price]`) : item.price;
    if (!price.recurring || price.recurring.interval !== item.price.recurring?.interval) {
      throw invalidRequest('The new price must recur on the same interval.', `${label}[price]`);
    }
    if (price.currency !== subscription.currency) {
      throw invalidRequest('The new price must be in the subscription’s currency.', `${label}[price]`);
    }
    const quantity = optionalInteger(raw, 'quantity', `${label}[quantity]`) ?? item.quantity;
    if (quantity < 1) throw invalidRequest('Quantity must be at least 1.', `${label}[quantity]`);
    return {
      item,
      price,
      quantity,
      metadata: raw.metadata === undefined ? undefined : mergeMetadata(item.metadata, raw),
    };
  });
  const priceChanges = changes.filter(
    ({ item, price, quantity }) => price.id !== item.price.id || quantity !== item.quantity,
  );
  if (
    priceChanges.length > 0 &&
    paymentBehavior === 'error_if_incomplete' &&
    proration === 'always_invoice'
  ) {
    const charged = priceChanges.some(
      ({ item, price, quantity }) => price.unit_amount * quantity > item.price.unit_amount * item.quantity,
    );
    const decline = charged ? context.billing.charge(subscription.default_payment_method) : undefined;
    if (decline) throw cardError(decline);
  }

  for (const { item, metadata } of changes) if (metadata) item.metadata = metadata;
  for (const { item, price, quantity } of priceChanges) {
    context.billing.changePrice(subscription, item, price, quantity, proration, prorationDate, meta);
  }
  if (pause !== undefined) subscription.pause_collection = pause;
  if (cancelAtPeriodEnd !== undefined) {
    subscription.cancel_at_period_end = cancelAtPeriodEnd;
    if (cancelAtPeriodEnd) {
      const at = now();
      subscription.cancel_at = subscription.items.data[0].current_period_end;
      subscription.canceled_at = at;
      subscription.cancellation_details.reason = 'cancellation_requested';
    } else {
      subscription.cancel_at = null;
      subscription.canceled_at = null;
      subscription.cancellation_details = { comment: null, feedback: null, reason: null };
    }
  }
  if (details) {
    if (details.comment !== undefined)
      subscription.cancellation_details.comment = optionalString(details, 'comment') || null;
    if (details.feedback !== undefined)
      subscription.cancellation_details.feedback = optionalString(details, 'feedback') || null;
  }
  if (description !== undefined) subscription.description = description || null;
  if (paymentMethod !== undefined) subscription.default_payment_method = paymentMethod || null;
  subscription.metadata = mergeMetadata(subscription.metadata, params);
  context.store.save();
  const previous = previousAttributes(before, subscription);
  if (Object.keys(previous).length > 0) {
    context.webhooks.emit('customer.subscription.updated', subscription, previous, meta);
  }
  return render(subscription, params, context);
}

/** DELETE /v1/subscriptions/:id: ends it now (`customer.subscription.deleted`). */
export function cancel({ params, ids, meta }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['invoice_now', 'prorate', 'cancellation_details']);
  const subscription = find(context, ids[0]);
  if (subscription.status === 'canceled') {
    throw invalidRequest(`This subscription (${subscription.id}) has already been canceled.`);
  }
  optionalBoolean(params, 'invoice_now');
  optionalBoolean(params, 'prorate');
  const details = optionalObject(params, 'cancellation_details');
  if (details) {
    allowOnly(details, ['comment', 'feedback']);
    subscription.cancellation_details.comment = optionalString(details, 'comment') || null;
    subscription.cancellation_details.feedback = optionalString(details, 'feedback') || null;
  }
  subscription.canceled_at = null;
  context.billing.endSubscription(subscription, now(), meta, 'cancellation_requested');
  return render(subscription, params, context);
}

/**
 * POST /v1/subscriptions/:id/resume is for subscriptions whose status is `paused` (a trial that
 * ended without a payment method). Paused collection is resumed with `pause_collection=` instead.
 */
export function resume({ params, ids }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['billing_cycle_anchor', 'proration_behavior', 'proration_date']);
  const subscription = find(context, ids[0]);
  if (subscription.status !== 'paused') {
    throw invalidRequest(
      'Only a subscription with status `paused` can be resumed. To resume collection on a subscription with `pause_collection`, update it with `pause_collection` set to an empty value.',
    );
  }
  return render(subscription, params, context);
}
