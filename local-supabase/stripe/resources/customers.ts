import { invalidRequest, resourceMissing } from '../errors.ts';
import { applyExpand, expandPaths } from '../expand.ts';
import {
  allowOnly,
  mergeMetadata,
  newestFirst,
  optionalObject,
  optionalString,
  paginate,
} from '../params.ts';
import type { ApiContext, ApiRequest } from '../api.ts';
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

const CLAUSE = /^(email|name|phone|metadata\[['"]([^'"]+)['"]\])\s*:\s*['"]([^'"]*)['"]$/;

/**
 * GET /v1/customers/search: Stripe's search language for the clauses the product needs,
 * `email:'a@b.c'`, `name:'…'`, `metadata['key']:'value'`, joined by AND or OR (not both).
 */
export function search({ params }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['query', 'limit', 'page']);
  const query = optionalString(params, 'query');
  if (!query) throw invalidRequest('Missing required param: query.', 'query', 'parameter_missing');
  const joiners = [...query.matchAll(/\s+(AND|OR)\s+/g)].map((found) => found[1]);
  if (new Set(joiners).size > 1) throw invalidRequest('A query cannot mix AND and OR.', 'query');
  const clauses = query.split(/\s+(?:AND|OR)\s+/).map((clause) => {
    const found = CLAUSE.exec(clause.trim());
    if (!found) {
      throw invalidRequest(
        `The local Stripe stand-in searches customers by email, name, phone or metadata['key'] only: ${clause}`,
        'query',
      );
    }
    return { field: found[1], key: found[2], value: found[3] };
  });
  const matches = (customer: Customer) => {
    const results = clauses.map(({ field, key, value }) =>
      key !== undefined
        ? customer.metadata[key] === value
        : (customer[field as 'email' | 'name' | 'phone'] ?? '').toLowerCase() === value.toLowerCase(),
    );
    return joiners[0] === 'OR' ? results.some(Boolean) : results.every(Boolean);
  };
  const found = newestFirst(context.store.data.customers).filter(matches);
  const limit = Math.min(100, Math.max(1, Number(optionalString(params, 'limit') ?? 10) || 10));
  return applyExpand(
    {
      object: 'search_result',
      data: found.slice(0, limit),
      has_more: found.length > limit,
      next_page: null,
      url: '/v1/customers/search',
    },
    expandPaths(params),
    context.store,
  );
}
