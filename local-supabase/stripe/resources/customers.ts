import { resourceMissing } from '../errors.ts';
import { applyExpand, expandPaths } from '../expand.ts';
import {
  allowOnly,
  mergeMetadata,
  newestFirst,
  optionalObject,
  optionalString,
  paginate,
} from '../params.ts';
import type { ApiContext, ApiRequest } from '../router.ts';
import type { Customer } from '../types.ts';

export function find(context: ApiContext, id: string, param = 'id'): Customer {
  const customer = context.store.data.customers[id];
  if (!customer) throw resourceMissing('customer', id, param);
  return customer;
}

const FIELDS = ['email', 'name', 'description', 'phone', 'metadata', 'invoice_settings', 'preferred_locales'];

export function create({ params, meta }: ApiRequest, context: ApiContext) {
  allowOnly(params, FIELDS);
  const customer = context.billing.createCustomer(
    {
      email: optionalString(params, 'email') || null,
      name: optionalString(params, 'name') || null,
      metadata: mergeMetadata({}, params),
    },
    meta,
  );
  customer.description = optionalString(params, 'description') || null;
  customer.phone = optionalString(params, 'phone') || null;
  context.store.save();
  return applyExpand(customer, expandPaths(params), context.store);
}

export function retrieve({ params, ids }: ApiRequest, context: ApiContext) {
  const deleted = context.store.data.deletedCustomers[ids[0]];
  if (deleted) return { id: ids[0], object: 'customer', deleted: true };
  return applyExpand(find(context, ids[0]), expandPaths(params), context.store);
}

export function update({ params, ids, meta }: ApiRequest, context: ApiContext) {
  allowOnly(params, FIELDS);
  const customer = find(context, ids[0]);
  const before = JSON.parse(JSON.stringify(customer)) as Customer;
  if (params.email !== undefined) customer.email = optionalString(params, 'email') || null;
  if (params.name !== undefined) customer.name = optionalString(params, 'name') || null;
  if (params.description !== undefined) customer.description = optionalString(params, 'description') || null;
  if (params.phone !== undefined) customer.phone = optionalString(params, 'phone') || null;
  customer.metadata = mergeMetadata(customer.metadata, params);
  const settings = optionalObject(params, 'invoice_settings');
  if (settings?.default_payment_method !== undefined) {
    const method = optionalString(
      settings,
      'default_payment_method',
      'invoice_settings[default_payment_method]',
    );
    if (method && !context.store.data.paymentMethods[method]) {
      throw resourceMissing('PaymentMethod', method, 'invoice_settings[default_payment_method]');
    }
    customer.invoice_settings.default_payment_method = method || null;
  }
  context.store.save();
  context.webhooks.emit(
    'customer.updated',
    customer,
    Object.fromEntries(
      Object.entries(before).filter(
        ([key, value]) => JSON.stringify(value) !== JSON.stringify(customer[key as keyof Customer]),
      ),
    ),
    meta,
  );
  return applyExpand(customer, expandPaths(params), context.store);
}

export function del({ ids, meta }: ApiRequest, context: ApiContext) {
  const customer = find(context, ids[0]);
  for (const subscription of Object.values(context.store.data.subscriptions)) {
    if (subscription.customer === customer.id && subscription.status !== 'canceled') {
      context.billing.endSubscription(subscription, Math.floor(Date.now() / 1000), meta);
    }
  }
  delete context.store.data.customers[customer.id];
  context.store.data.deletedCustomers[customer.id] = true;
  context.store.save();
  context.webhooks.emit('customer.deleted', customer, undefined, meta);
  return { id: customer.id, object: 'customer', deleted: true };
}

export function list({ params, path }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['email', 'limit', 'starting_after', 'ending_before', 'created']);
  const email = optionalString(params, 'email');
  const items = newestFirst(context.store.data.customers).filter(
    (customer) => email === undefined || customer.email === email,
  );
  return applyExpand(paginate(params, items, path), expandPaths(params), context.store);
}
