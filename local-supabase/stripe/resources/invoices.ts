import { cardError, invalidRequest, resourceMissing } from '../errors.ts';
import { applyExpand, expandPaths } from '../expand.ts';
import { allowOnly, newestFirst, optionalEnum, optionalString, paginate } from '../params.ts';
import { find as findSubscription } from './subscriptions.ts';
import type { ApiContext, ApiRequest } from '../api.ts';
import type { Invoice } from '../types.ts';

export function find(context: ApiContext, id: string): Invoice {
  const invoice = context.store.data.invoices[id];
  if (!invoice) throw resourceMissing('invoice', id);
  return invoice;
}

export function retrieve({ params, ids }: ApiRequest, context: ApiContext) {
  return applyExpand(find(context, ids[0]), expandPaths(params), context.store);
}

export function lines({ params, ids, path }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['limit', 'starting_after', 'ending_before']);
  const invoice = find(context, ids[0]);
  const page = paginate(params, [...invoice.lines.data], path);
  return applyExpand(page, expandPaths(params), context.store);
}

const STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;

export function list({ params, path }: ApiRequest, context: ApiContext) {
  allowOnly(params, [
    'customer',
    'subscription',
    'status',
    'collection_method',
    'limit',
    'starting_after',
    'ending_before',
    'created',
  ]);
  const customer = optionalString(params, 'customer');
  const subscription = optionalString(params, 'subscription');
  const status = optionalEnum(params, 'status', STATUSES);
  const items = newestFirst(context.store.data.invoices).filter(
    (invoice) =>
      (customer === undefined || invoice.customer === customer) &&
      (subscription === undefined || invoice.parent?.subscription_details.subscription === subscription) &&
      (status === undefined || invoice.status === status),
  );
  return applyExpand(paginate(params, items, path), expandPaths(params), context.store);
}

/** POST /v1/invoices/:id/pay: charges an open invoice now; a decline answers 402 as Stripe does. */
export function pay({ params, ids, meta }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['payment_method', 'off_session', 'paid_out_of_band', 'forgive']);
  const invoice = find(context, ids[0]);
  if (invoice.status !== 'open') {
    throw invalidRequest(`Invoice is already ${invoice.status}`, undefined, 'invoice_not_open' as string);
  }
  const paymentMethod = optionalString(params, 'payment_method') ?? null;
  if (paymentMethod) {
    const method = context.store.data.paymentMethods[paymentMethod];
    if (!method || method.customer !== invoice.customer) {
      throw resourceMissing('PaymentMethod', paymentMethod, 'payment_method');
    }
  }
  const decline = context.billing.payInvoice(invoice, paymentMethod, meta);
  if (decline) throw cardError(decline);
  return applyExpand(invoice, expandPaths(params), context.store);
}

/**
 * POST /v1/invoices/create_preview with `subscription`: the next renewal's invoice (amount and
 * date of the next charge). Previews of other changes are not part of the stand-in.
 */
export function preview({ params }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['customer', 'subscription']);
  const subscriptionId = optionalString(params, 'subscription');
  if (!subscriptionId) {
    throw invalidRequest(
      'The local Stripe stand-in previews the renewal of a `subscription` only.',
      'subscription',
    );
  }
  const subscription = findSubscription(context, subscriptionId);
  const customer = optionalString(params, 'customer');
  if (customer && customer !== subscription.customer) {
    throw invalidRequest('The subscription belongs to another customer.', 'customer');
  }
  return applyExpand(context.billing.previewRenewal(subscription), expandPaths(params), context.store);
}
